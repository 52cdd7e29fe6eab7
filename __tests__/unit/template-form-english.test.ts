// The template form's English words and what the console says after a save
// (browser/owner/template-form.ts): English kept beside the Greek of the fields the English card
// translates, judged by the card's English rules and named by the card's English field; English
// without its Greek refused; the save's message counts the member cards it changes.
import {
  TEMPLATE_FORM_MESSAGES,
  templateFromForm,
  templateSavedMessage,
  toTemplateForm,
} from '@/browser/owner/template-form';
import { CARD_MESSAGES } from '@/lib/profile';

test('English words come and go with their field, trimmed; an empty one is none', () => {
  const template = {
    companyName: { value: 'Studio Φως', locked: true, valueEn: 'Studio Light' },
    address: { value: 'Ερμού 45', locked: false },
  };
  const form = toTemplateForm(template);
  expect(form.english).toEqual({
    companyName: 'Studio Light',
    address: '',
    addressDetails: '',
    city: '',
  });
  expect(templateFromForm(form)).toEqual({ ok: true, template });
  form.english.address = '  45 Ermou St ';
  expect(templateFromForm(form)).toEqual({
    ok: true,
    template: { ...template, address: { ...template.address, valueEn: '45 Ermou St' } },
  });
});

test('English words are judged by the card’s English rules, at the card’s English field; none without the Greek', () => {
  const form = toTemplateForm({ address: { value: 'Ερμού 45', locked: true } });
  form.english.address = '45\tErmou';
  form.english.city = 'Athens';
  const judged = templateFromForm(form);
  expect(judged).toEqual({
    ok: false,
    errors: { addressEn: CARD_MESSAGES.text, cityEn: TEMPLATE_FORM_MESSAGES.englishAlone },
  });
});

test('the message after a save counts the member cards it changes', () => {
  expect(templateSavedMessage({ members: 3, changed: 0 })).toBe(
    'Αποθηκεύτηκε. Καμία κάρτα μέλους δεν αλλάζει.',
  );
  expect(templateSavedMessage({ members: 3, changed: 1 })).toBe(
    'Αποθηκεύτηκε. Αλλάζει η κάρτα 1 μέλους.',
  );
  expect(templateSavedMessage({ members: 3, changed: 2 })).toBe(
    'Αποθηκεύτηκε. Αλλάζουν οι κάρτες 2 μελών.',
  );
});
