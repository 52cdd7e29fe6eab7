import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { env } from '@/lib/env';
import { THEME_COLORS } from '@/lib/theme';
import './globals.css';

export const metadata: Metadata = {
  metadataBase: env.siteUrl,
  title: 'karta',
  description: 'Ψηφιακές επαγγελματικές κάρτες: αποθηκεύστε μια επαφή με ένα άγγιγμα.',
};

// Both schemes from the first byte: the meta color-scheme and the inlined CSS let the browser
// paint the page in the system's scheme at once, with no flash of the other.
export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  colorScheme: 'light dark',
  themeColor: THEME_COLORS,
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="el">
      <body>{children}</body>
    </html>
  );
}
