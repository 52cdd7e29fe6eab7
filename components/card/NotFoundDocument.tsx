// The 404 page where no React page renders it: a username with no card (the card routes, in the
// path's language) and a path with malformed percent-encoding (proxy.ts). In Greek, the same
// screen as app/not-found.tsx.
import ErrorScreen from '@/components/ErrorScreen';
import type { CardLanguage } from '@/lib/routes';
import { BareDocument } from './BareDocument';
import { CARD_TEXTS } from './texts';

export function NotFoundDocument({ lang }: { lang: CardLanguage }) {
  const { title, heading, message, detail } = CARD_TEXTS[lang].notFound;
  return (
    <BareDocument lang={lang} title={title}>
      <ErrorScreen heading={heading} message={message} detail={detail} />
    </BareDocument>
  );
}
