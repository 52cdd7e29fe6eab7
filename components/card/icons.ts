// The site's icons as Next serves them from app/ (favicon.ico, icon.png, apple-icon.png), for the
// pages whose head is written here rather than by Next's metadata.
export const ICON_LINKS =
  '<link rel="icon" href="/favicon.ico" sizes="32x32" type="image/x-icon">' +
  '<link rel="icon" href="/icon.png" sizes="512x512" type="image/png">' +
  '<link rel="apple-touch-icon" href="/apple-icon.png" sizes="180x180" type="image/png">';
