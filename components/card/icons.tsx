// The card's small icons, drawn inline so they cost no request; and the site's icons as Next
// serves them from app/ (favicon.ico, icon.png, apple-icon.png), for the documents whose head is
// written here rather than by Next's metadata.

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" width={20} height={20} aria-hidden="true" className="icon">
      <path d={path} />
    </svg>
  );
}

export const ShareIcon = () => (
  <Icon path="M12 3v12M7 8l5-5 5 5M5 13v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6" />
);

export const QrIcon = () => (
  <Icon path="M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM14 18h2M18 14h2" />
);

export function SiteIconLinks() {
  return (
    <>
      <link rel="icon" href="/favicon.ico" sizes="32x32" type="image/x-icon" />
      <link rel="icon" href="/icon.png" sizes="512x512" type="image/png" />
      <link rel="apple-touch-icon" href="/apple-icon.png" sizes="180x180" type="image/png" />
    </>
  );
}
