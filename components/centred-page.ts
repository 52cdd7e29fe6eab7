// Inline styles rather than a CSS module: the root error boundaries are part of every page's
// payload, and a stylesheet of their own would block the first paint of every card.

/** A page that says one thing, centred on the screen: the error pages and a switched-off card. */
export const CENTRED_PAGE_STYLE = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '100vh',
  padding: '1rem',
  textAlign: 'center',
} as const;
