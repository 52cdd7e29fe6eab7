// A company's logo (companies/{id}/logo/current): the types a vCard's LOGO can name, and its size.
// The server judges an upload by these, the logo route and the vCard what they serve.

/** PNG or JPEG: the two image types every address book reads in a vCard's LOGO. */
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg'] as const;
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];

export const LOGO_MAX_BYTES = 100 * 1024;

export function isLogoContentType(value: unknown): value is LogoContentType {
  return (LOGO_CONTENT_TYPES as readonly unknown[]).includes(value);
}

/** The vCard's TYPE parameter of a logo of this type. */
export function logoVCardType(contentType: LogoContentType): 'PNG' | 'JPEG' {
  return contentType === 'image/png' ? 'PNG' : 'JPEG';
}
