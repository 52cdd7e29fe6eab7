'use client';

import dynamic from 'next/dynamic';
import { afterWebApp } from '@/browser/firebase/web-app';

// The console is rendered in the browser only: everything in it depends on who is signed in, which
// only the browser knows (Firebase Auth keeps the session there). Its code, and firebase/auth,
// load only on /account, once the Firebase app (with App Check, when configured) has started.
const AccountApp = dynamic(() => afterWebApp(() => import('./AccountApp')), {
  ssr: false,
  loading: () => <p role="status">Φόρτωση…</p>,
});

export default function AccountLoader() {
  return <AccountApp />;
}
