import type { Metadata } from 'next';
import PrivacyNotice from '@/components/privacy/PrivacyNotice';
import { env } from '@/lib/env';

export const metadata: Metadata = {
  title: 'Απόρρητο · karta',
  description:
    'Τι αποθηκεύεται όταν αφήνετε τα στοιχεία σας σε μια κάρτα, για ποιο σκοπό, για πόσο, ποιος τα βλέπει και πώς διαγράφονται.',
};

// Static: built once, like the rest of the site.
export const dynamic = 'force-static';

export default function PrivacyPage() {
  return <PrivacyNotice appCheck={Boolean(env.appCheckSiteKey)} />;
}
