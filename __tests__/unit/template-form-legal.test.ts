// The template editor's legal details (browser/owner/template-form.ts): typed with no lock, saved
// locked, judged by parseTemplate's rules with its Greek messages beside each field; the live
// preview takes only those already right.
import {
  draftTemplate,
  templateFromForm,
  toTemplateForm,
  type TemplateFormValues,
} from '@/browser/owner/template-form';
import { BUSINESS_ID_MESSAGES } from '@/lib/greek-business-ids';

const typed = (legal: Partial<TemplateFormValues['legal']>): TemplateFormValues => {
  const form = toTemplateForm({});
  return { ...form, legal: { ...form.legal, ...legal } };
};

test('the legal details typed are saved locked, as digits; empty ones are left out', () => {
  expect(
    templateFromForm(typed({ legalName: 'Studio Φως Ι.Κ.Ε.', vatNumber: 'EL 094 014 201' })),
  ).toEqual({
    ok: true,
    template: {
      legalName: { value: 'Studio Φως Ι.Κ.Ε.', locked: true },
      vatNumber: { value: '094014201', locked: true },
    },
  });
});

test('each wrong detail shows its Greek message beside it, all at once', () => {
  expect(templateFromForm(typed({ vatNumber: '094014202', gemiNumber: '123' }))).toEqual({
    ok: false,
    errors: {
      vatNumber: BUSINESS_ID_MESSAGES.vatNumber,
      gemiNumber: BUSINESS_ID_MESSAGES.gemiNumber,
    },
  });
});

test('the stored details fill the form, and the preview takes only those already right', () => {
  const form = toTemplateForm({
    taxOffice: { value: 'Α’ Αθηνών', locked: true },
    gemiNumber: { value: '180123401000', locked: true },
  });
  expect(form.legal).toEqual({
    legalName: '',
    vatNumber: '',
    taxOffice: 'Α’ Αθηνών',
    gemiNumber: '180123401000',
  });
  expect(draftTemplate({ ...form, legal: { ...form.legal, vatNumber: '0940' } })).toEqual({
    taxOffice: { value: 'Α’ Αθηνών', locked: true },
    gemiNumber: { value: '180123401000', locked: true },
  });
});
