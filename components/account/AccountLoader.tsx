'use client';

import dynamic from 'next/dynamic';

// The console is rendered in the browser only: everything in it depends on who is signed in, which
// only the browser knows (Firebase Auth keeps the session there). Its code, and firebase/auth,
// load only on /account.
const AccountApp = dynamic(() => import('./AccountApp'), {
  ssr: false,
  loading: () => <p role="status">Φόρτωση…</p>,
});

export default function AccountLoader() {
  return <AccountApp />;
}
