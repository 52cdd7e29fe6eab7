import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { env } from '@/lib/env';
import './globals.css';

export const metadata: Metadata = {
  metadataBase: env.siteUrl,
  title: 'karta',
  description: 'Ψηφιακές επαγγελματικές κάρτες: αποθηκεύστε μια επαφή με ένα άγγιγμα.',
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#ffffff',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="el">
      <body>{children}</body>
    </html>
  );
}
