/** A link that leaves the card: a new tab that cannot reach back into the card's window. */
export const EXTERNAL_LINK = { target: '_blank', rel: 'noopener noreferrer' } as const;
