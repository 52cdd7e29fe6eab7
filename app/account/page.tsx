import type { Metadata } from 'next';
import AccountLoader from '@/components/account/AccountLoader';

export const metadata: Metadata = {
  title: 'Ο λογαριασμός μου · karta',
  // A sign-in page has nothing for search engines.
  robots: { index: false, follow: false },
};

// The page itself is an empty static shell; AccountLoader renders the console in the browser.
export default function AccountPage() {
  return <AccountLoader />;
}
