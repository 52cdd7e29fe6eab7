// The browser's bar colour in each scheme: the page background of app/globals.css.
export const THEME_COLORS = [
  { media: '(prefers-color-scheme: light)', color: '#ffffff' },
  { media: '(prefers-color-scheme: dark)', color: '#121212' },
];
