// The legal details of the demo's company, «Studio Φως» (demo-company.ts), as its template holds
// them (lib/company.ts LEGAL_FIELDS, always locked): a single-member private company, its ΑΦΜ made
// up but passing the check digit, its ΓΕΜΗ number 12 digits. The seed lays them beside
// DEMO_TEMPLATE (demo-company.ts).
import type { CompanyTemplate, LegalField } from '../../lib/company';

export function demoLegalDetails(): Pick<CompanyTemplate, LegalField> {
  return {
    legalName: { value: 'Studio Φως Μονοπρόσωπη Ι.Κ.Ε.', locked: true },
    vatNumber: { value: '801234560', locked: true },
    taxOffice: { value: 'Α’ Αθηνών', locked: true },
    gemiNumber: { value: '180123401000', locked: true },
  };
}
