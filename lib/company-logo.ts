// A company's logo: its limits and encodings. It goes into every member's vCard as LOGO, whose
// TYPE names PNG or JPEG, so only those are accepted. Its bytes are stored as a card's photo is
// (lib/collections.ts companyLogoPath); the server judges an upload here (server/company/logo.ts),
// the logo route and the vCard what they serve.

/** A vCard carries the logo inline (base64): small enough to keep every member's vCard light. */
export const LOGO_MAX_BYTES = 100 * 1024;

/** PNG or JPEG: the two image types every address book reads in a vCard's LOGO. */
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg'] as const;
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];

export const LOGO_MESSAGES = {
  type: 'Το λογότυπο πρέπει να είναι εικόνα PNG ή JPEG',
  empty: 'Το λογότυπο είναι κενό',
  tooLarge: `Το λογότυπο είναι πολύ μεγάλο (έως ${LOGO_MAX_BYTES / 1024} KB)`,
  unreadable: 'Το λογότυπο δεν είναι έγκυρη εικόνα',
  tooManyPixels: 'Το λογότυπο έχει πάρα πολλά pixel',
} as const;

export function isLogoContentType(value: unknown): value is LogoContentType {
  return (LOGO_CONTENT_TYPES as readonly unknown[]).includes(value);
}

/** A file's first bytes say what it is: the logo is served as the type it claims. */
export function looksLikeLogo(bytes: Uint8Array, type: LogoContentType): boolean {
  if (type === 'image/jpeg') return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  return png.every((byte, i) => bytes[i] === byte);
}

/** The vCard's TYPE parameter of a logo of this type. */
export function logoVCardType(contentType: LogoContentType): 'PNG' | 'JPEG' {
  return contentType === 'image/png' ? 'PNG' : 'JPEG';
}
