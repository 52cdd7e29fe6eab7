// A member card's foot: its company's legal details (N.4919/2022 art. 22 asks for the ΓΕΜΗ number
// beside the legal name, ΑΦΜ and ΔΟΥ on a company's web pages), small and quiet, in the order and
// with the labels of lib/company-legal.ts. The English card keeps the registered name and the tax
// office as the company typed them, marked as Greek for screen readers.
import { legalParts } from '@/lib/company-legal';
import type { LegalDetails } from '@/lib/company';
import { DEFAULT_LANGUAGE, type CardLanguage } from '@/lib/routes';

export function CardLegal({
  legal,
  lang,
}: {
  legal: LegalDetails | undefined;
  lang: CardLanguage;
}) {
  const parts = legalParts(legal, lang);
  if (parts.length === 0) return null;
  return (
    <footer className="legal" data-legal="">
      {parts.map(({ field, label, value, greek }, index) => (
        <span key={field} data-legal-field={field}>
          {index > 0 && ' · '}
          {label && `${label} `}
          <span lang={greek && lang !== DEFAULT_LANGUAGE ? 'el' : undefined}>{value}</span>
        </span>
      ))}
    </footer>
  );
}
