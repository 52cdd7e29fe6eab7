'use client';

import type { CardLanguage } from '@/lib/routes';
import styles from './account.module.css';

const PREVIEW_LANGUAGES: Array<{ lang: CardLanguage; label: string }> = [
  { lang: 'el', label: 'Ελληνικά' },
  { lang: 'en', label: 'English' },
];

/** «Ελληνικά / English» above a card's preview: which of the card's two languages it shows. */
export default function PreviewLanguageSwitch({
  lang,
  onChange,
}: {
  lang: CardLanguage;
  onChange: (lang: CardLanguage) => void;
}) {
  return (
    <div className={styles.langSwitch} role="group" aria-label="Γλώσσα προεπισκόπησης">
      {PREVIEW_LANGUAGES.map((option) => (
        <button
          key={option.lang}
          type="button"
          className={styles.tab}
          lang={option.lang}
          aria-pressed={lang === option.lang}
          onClick={() => onChange(option.lang)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
