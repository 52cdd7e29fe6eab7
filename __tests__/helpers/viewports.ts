/** The phone the e2e tests look through unless a test is about another size, in CSS pixels. */
export const PHONE_VIEWPORT = { width: 390, height: 844 };

export type Viewport = typeof PHONE_VIEWPORT;
