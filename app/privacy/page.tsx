import type { Metadata } from 'next';
import PrivacyNotice from '@/components/privacy/PrivacyNotice';
import noticeStyles from '@/components/privacy/PrivacyNotice.module.css';
import { LINK_KIND_INFO, LINK_KINDS, type LinkKind } from '@/lib/card-links';
import { env } from '@/lib/env';
import type { CardEvent } from '@/lib/stats/events';
import styles from './page.module.css';

export const metadata: Metadata = {
  title: 'Απόρρητο · karta',
  description:
    'Τι αποθηκεύεται όταν αφήνετε τα στοιχεία σας σε μια κάρτα, τι μετράει η κάρτα, για ποιο σκοπό, για πόσο, ποιος τα βλέπει και πώς διαγράφονται.',
};

// Static: built once, like the rest of the site.
export const dynamic = 'force-static';

// Every event the card counts (lib/stats/events.ts), in the notice's words: a new event does not
// type-check until it is named here, so the notice cannot fall behind what is counted.
const COUNTED: Record<CardEvent, string> = {
  view: 'ανοίγματα της κάρτας (και πόσα από αυτά από τον κωδικό QR ή από το Wallet του κινητού, και πόσα στα αγγλικά)',
  save: 'αποθήκευση της επαφής',
  sheet: 'άνοιγμα της «Ανταλλαγής Επαφής»',
  exchange: 'αποστολή στοιχείων με την «Ανταλλαγή Επαφής»',
  share: 'κοινοποίηση',
  qr: 'εμφάνιση του κωδικού QR',
  phone: 'τηλέφωνο',
  email: 'email',
  website: 'ιστότοπος',
  map: 'χάρτης',
  viber: 'Viber',
  whatsapp: 'WhatsApp',
  facebook: 'Facebook',
  instagram: 'Instagram',
  // The card's links, each counted under its kind, by the name the card shows.
  ...(Object.fromEntries(
    LINK_KINDS.map((kind) => [
      kind,
      kind === 'link' ? 'άλλος σύνδεσμος' : LINK_KIND_INFO[kind].name,
    ]),
  ) as Record<LinkKind, string>),
};

const [views, ...taps] = Object.values(COUNTED);

export default function PrivacyPage() {
  return (
    <>
      <PrivacyNotice appCheck={Boolean(env.appCheckSiteKey)} />
      {/* What lib/stats counts and keeps (docs/visitors.md); a change there is a change here. */}
      <section className={`${noticeStyles.notice} ${styles.stats}`} aria-labelledby="stats">
        <h2 id="stats">Τι μετράει η κάρτα</h2>
        <p>
          Για να βλέπει ο/η κάτοχος πόσο χρησιμοποιείται η κάρτα του/της, η karta μετράει, για κάθε
          ημέρα, πόσα είναι τα {views} και πόσες φορές έγινε καθεμία από αυτές τις ενέργειες:{' '}
          {taps.join(', ')}.
        </p>
        <p>
          Αποθηκεύονται μόνο αυτοί οι αριθμοί, ένας ανά ημέρα για το καθένα. Για εσάς δεν
          αποθηκεύεται τίποτα: ούτε cookie, ούτε η διεύθυνση IP, ούτε το πρόγραμμα περιήγησης, ούτε
          κάποιο αναγνωριστικό. Η διεύθυνση IP χρησιμοποιείται μόνο στη μνήμη του διακομιστή, για
          ένα λεπτό, ώστε να μη μετρηθούν πάρα πολλές ενέργειες από την ίδια διεύθυνση, και μετά
          ξεχνιέται. Τα ανοίγματα από προγράμματα, όπως οι προεπισκοπήσεις συνδέσμων, δεν μετρώνται.
        </p>
        <p>
          Τους αριθμούς τους βλέπει μόνο ο/η κάτοχος της κάρτας, και διαγράφονται μαζί με την κάρτα.
        </p>
      </section>
    </>
  );
}
