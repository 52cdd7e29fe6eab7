'use client';

import { useEffect } from 'react';

// Replaces the root layout when it fails, so it brings its own <html> and inline styles; the
// browser's own colours follow the system's scheme (color-scheme), as the rest of the site does.
export default function GlobalError({ error }: { error: unknown }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  const status =
    error && typeof error === 'object' && 'status' in error && typeof error.status === 'number'
      ? error.status
      : undefined;
  const statusText =
    error &&
    typeof error === 'object' &&
    'statusText' in error &&
    typeof error.statusText === 'string'
      ? error.statusText
      : undefined;
  const detail =
    status !== undefined
      ? `${status} ${statusText ?? ''}`.trim()
      : error instanceof Error && error.message
        ? error.message
        : 'Unknown error';
  return (
    <html lang="el" style={{ colorScheme: 'light dark' }}>
      <body style={{ fontFamily: 'system-ui, sans-serif', textAlign: 'center', padding: '2rem' }}>
        <h1>Unexpected Application Error!</h1>
        <h2>{detail}</h2>
      </body>
    </html>
  );
}
