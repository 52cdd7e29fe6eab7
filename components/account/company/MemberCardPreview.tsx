'use client';

import { useMemo, useState } from 'react';
import type { Company } from '@/browser/owner/company';
import { cardInLanguage } from '@/lib/card-language';
import { applyCompany, type CompanyTemplate } from '@/lib/company';
import { toPublicProfile } from '@/lib/profile';
import type { CardLanguage } from '@/lib/routes';
import CardPreview from '../CardPreview';
import PreviewLanguageSwitch from '../PreviewLanguageSwitch';
import styles from '../account.module.css';
import { useShownCard } from '../use-shown-card';

/**
 * A member's card as the template being typed would make it (lib/company.ts applyCompany), shown
 * on the admin's own card, which is a member's too: read live, and laid under the draft instead of
 * the saved template.
 */
export default function MemberCardPreview({
  company,
  template,
  logoVersion,
  username,
}: {
  company: Company;
  template: CompanyTemplate;
  /** The logo the save keeps, if any: a newly picked one has no address yet. */
  logoVersion: string | undefined;
  username: string;
}) {
  // The admin's card as stored, without the saved template.
  const own = useShownCard(username, null);
  const [lang, setLang] = useState<CardLanguage>('el');
  const shown = useMemo(() => {
    if (!own) return null;
    const card = applyCompany(toPublicProfile(own), {
      id: company.id,
      name: company.name,
      template,
      logoVersion,
    });
    return cardInLanguage(card, lang);
  }, [own, company.id, company.name, template, logoVersion, lang]);
  return (
    <section className={styles.previewPane} aria-labelledby="template-preview-title">
      <h3 id="template-preview-title" className={styles.previewTitle}>
        Προεπισκόπηση κάρτας μέλους
      </h3>
      <p className={styles.hint}>
        Η δική σας κάρτα με το πρότυπο όπως το γράφετε, πριν από την αποθήκευση· ένα πεδίο με σφάλμα
        λείπει ώσπου να διορθωθεί.
      </p>
      <PreviewLanguageSwitch lang={lang} onChange={setLang} />
      {shown ? (
        <CardPreview profile={shown} photo={null} lang={lang} />
      ) : (
        <p role="status">Φόρτωση κάρτας…</p>
      )}
    </section>
  );
}
