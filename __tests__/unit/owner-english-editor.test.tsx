/** @jest-environment jsdom */
// The owner's English words in the editor (components/account/CardEditor.tsx, LinksEditor.tsx):
// «Στα αγγλικά» closed until opened, each English field saved in the edit (null when emptied),
// refused with the card's own Greek messages, its placeholder the Greek in Latin letters; a
// link's English label; the English twin of a field the company locks left to the member; and
// the preview in either language.
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Company } from '@/browser/owner/company';
// Before CardEditor: its stand-ins for the editor's browser side.
import { editor, resetEditor } from '../helpers/card-editor';
import CardEditor from '@/components/account/CardEditor';
import { LINK_MESSAGES } from '@/lib/card-links';
import { LOCKED_FIELD_NOTE } from '@/lib/company';
import { CARD_MESSAGES } from '@/lib/profile';

const { saveCard, readCard, lastPreview } = editor;
const english = () => screen.getByText('Στα αγγλικά').closest('details') as HTMLDetailsElement;
const save = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Αποθήκευση' }));

beforeEach(() => {
  resetEditor({
    firstName: 'Μαρία',
    lastName: 'Παπαδοπούλου',
    city: 'Θεσσαλονίκη',
    lastNameEn: 'Papadopoulos',
    links: [{ kind: 'link', url: 'https://maria.test/', label: 'Έργα' }],
  });
});

test('«Στα αγγλικά» is closed at first and opens; each field is labelled in Greek, its placeholder the Greek in Latin letters', async () => {
  const user = userEvent.setup();
  render(<CardEditor username="maria" />);
  expect(english().open).toBe(false);
  await user.click(screen.getByText('Στα αγγλικά'));
  expect(english().open).toBe(true);
  const fields = within(english());
  expect(fields.getByLabelText('Όνομα (αγγλικά)')).toHaveAttribute('placeholder', 'Maria');
  expect(fields.getByLabelText('Όνομα (αγγλικά)')).toHaveValue('');
  expect(fields.getByLabelText('Επώνυμο (αγγλικά)')).toHaveValue('Papadopoulos');
  expect(fields.getByLabelText('Επώνυμο (αγγλικά)')).toHaveAttribute('placeholder', 'Papadopoulou');
  expect(fields.getByLabelText('Πόλη (αγγλικά)')).toHaveAttribute('placeholder', 'Thessaloniki');
  // No Greek, no placeholder: the English card shows nothing there either.
  expect(fields.getByLabelText('Ιδιότητα ή θέση (αγγλικά)')).toHaveAttribute('placeholder', '');
  expect(fields.getAllByRole('textbox').map((input) => input.getAttribute('id'))).toEqual([
    'card-firstNameEn',
    'card-lastNameEn',
    'card-jobTitleEn',
    'card-companyNameEn',
    'card-cityEn',
    'card-addressEn',
    'card-addressDetailsEn',
  ]);
  // The placeholder follows the Greek as it is typed.
  await user.clear(screen.getByLabelText('Όνομα'));
  await user.type(screen.getByLabelText('Όνομα'), 'Ευαγγελία');
  expect(fields.getByLabelText('Όνομα (αγγλικά)')).toHaveAttribute('placeholder', 'Evangelia');
});

test('an English field typed is saved, and one emptied is removed with null', async () => {
  const user = userEvent.setup();
  render(<CardEditor username="maria" />);
  await user.click(screen.getByText('Στα αγγλικά'));
  await user.type(screen.getByLabelText('Όνομα (αγγλικά)'), '  Mary ');
  await user.clear(screen.getByLabelText('Επώνυμο (αγγλικά)'));
  await user.type(screen.getByLabelText('Διεύθυνση (αγγλικά)'), '10 Ermou St');
  await save(user);
  await screen.findByText(/Η αλλαγή φαίνεται στην κάρτα σας/);
  expect(saveCard.mock.calls).toEqual([
    ['maria', { firstNameEn: 'Mary', lastNameEn: null, addressEn: '10 Ermou St' }, undefined],
  ]);
  // English words show on the English card alone: the console watches both for the change.
  expect(readCard.mock.calls).toEqual([['maria', { languages: ['el', 'en'] }]]);
});

test('a save of Greek words alone watches the Greek card', async () => {
  const user = userEvent.setup();
  render(<CardEditor username="maria" />);
  await user.type(screen.getByLabelText('Πόλη'), ' Κέντρο');
  await save(user);
  await screen.findByText(/Η αλλαγή φαίνεται στην κάρτα σας/);
  expect(saveCard.mock.calls).toEqual([['maria', { city: 'Θεσσαλονίκη Κέντρο' }, undefined]]);
  expect(readCard.mock.calls).toEqual([['maria', { languages: ['el'] }]]);
});

test('a control character or too long a value is refused with the Greek message, and the section opens to show it', async () => {
  const user = userEvent.setup();
  render(<CardEditor username="maria" />);
  // Pasted: an input drops line feeds, not a right-to-left override or a tab.
  fireEvent.change(screen.getByLabelText('Όνομα (αγγλικά)'), {
    target: { value: 'Ma\u202eria' },
  });
  fireEvent.change(screen.getByLabelText('Λεπτομέρειες διεύθυνσης (αγγλικά)'), {
    target: { value: 'floor\t3' },
  });
  fireEvent.change(screen.getByLabelText('Ιδιότητα ή θέση (αγγλικά)'), {
    target: { value: 'x'.repeat(101) },
  });
  expect(english().open).toBe(false);
  await save(user);
  expect(screen.getByTestId('save-status')).toHaveTextContent('Διορθώστε τα πεδία με σφάλμα.');
  expect(english().open).toBe(true);
  expect(screen.getByLabelText('Όνομα (αγγλικά)')).toHaveAccessibleDescription(CARD_MESSAGES.name);
  expect(screen.getByLabelText('Λεπτομέρειες διεύθυνσης (αγγλικά)')).toHaveAccessibleDescription(
    CARD_MESSAGES.text,
  );
  expect(screen.getByLabelText('Ιδιότητα ή θέση (αγγλικά)')).toHaveAccessibleDescription(
    CARD_MESSAGES.tooLong(100),
  );
  expect(saveCard).not.toHaveBeenCalled();
});

test('a link’s English label: its placeholder the Greek label in Latin letters, saved with the link, judged like a label', async () => {
  const user = userEvent.setup();
  render(<CardEditor username="maria" />);
  const row = within(screen.getByTestId('link-row'));
  const label = row.getByLabelText('Αγγλικό κείμενο του κουμπιού (προαιρετικό)');
  expect(label).toHaveAttribute('placeholder', 'Erga');
  fireEvent.change(label, { target: { value: 'Wo\u202erk' } });
  await save(user);
  expect(label).toHaveAccessibleDescription(
    expect.stringContaining(LINK_MESSAGES.labelControl) as unknown as string,
  );
  expect(saveCard).not.toHaveBeenCalled();
  await user.clear(label);
  await user.type(label, 'Work');
  await save(user);
  await screen.findByText(/Η αλλαγή φαίνεται στην κάρτα σας/);
  expect(saveCard.mock.calls).toEqual([
    [
      'maria',
      { links: [{ kind: 'link', url: 'https://maria.test/', label: 'Έργα', labelEn: 'Work' }] },
      undefined,
    ],
  ]);
});

test('the preview shows the Greek card, or at a click the English one', async () => {
  const user = userEvent.setup();
  render(<CardEditor username="maria" />);
  const greek = screen.getByRole('button', { name: 'Ελληνικά' });
  const englishButton = screen.getByRole('button', { name: 'English' });
  expect(greek).toHaveAttribute('aria-pressed', 'true');
  expect(lastPreview().lang).toBe('el');
  expect(lastPreview().profile).toMatchObject({ firstName: 'Μαρία', lastName: 'Παπαδοπούλου' });
  expect(lastPreview().profile).not.toHaveProperty('lastNameEn');

  await user.type(screen.getByLabelText('Ιδιότητα ή θέση (αγγλικά)'), 'Architect');
  await user.click(englishButton);
  expect(englishButton).toHaveAttribute('aria-pressed', 'true');
  expect(greek).toHaveAttribute('aria-pressed', 'false');
  expect(lastPreview().lang).toBe('en');
  // The owner's English where given (saved or only typed), else the Greek in Latin letters.
  expect(lastPreview().profile).toMatchObject({
    firstName: 'Maria',
    lastName: 'Papadopoulos',
    jobTitle: 'Architect',
    city: 'Thessaloniki',
    links: [{ kind: 'link', url: 'https://maria.test/', label: 'Erga' }],
  });
  await user.click(greek);
  expect(lastPreview().lang).toBe('el');
  expect(lastPreview().profile).not.toHaveProperty('jobTitle');
});

test('a member: the English twin of a field the company locks is the company’s, read-only: its words, else its value in Latin letters; a save never sends it', async () => {
  const user = userEvent.setup();
  const company: Company = {
    id: 'c1',
    name: 'Studio Φως',
    template: {
      city: { value: 'Πάτρα', locked: true },
      address: { value: 'Ερμού 45', locked: true, valueEn: '45 Ermou St' },
    },
    admins: [],
    memberUids: [],
  };
  render(<CardEditor username="maria" company={{ company }} />);
  expect(screen.getByLabelText('Πόλη')).toHaveAttribute('readonly');
  const cityEn = screen.getByLabelText('Πόλη (αγγλικά)');
  expect(cityEn).toHaveAttribute('readonly');
  expect(cityEn).toHaveValue('');
  expect(cityEn).toHaveAttribute('placeholder', 'Patra');
  expect(cityEn).toHaveAccessibleDescription(LOCKED_FIELD_NOTE);
  expect(screen.getByLabelText('Διεύθυνση (αγγλικά)')).toHaveValue('45 Ermou St');
  await user.type(cityEn, 'Patras');
  await user.type(screen.getByLabelText('Ιδιότητα ή θέση (αγγλικά)'), 'Architect');
  await save(user);
  await screen.findByText(/Η αλλαγή φαίνεται στην κάρτα σας/);
  expect(saveCard.mock.calls).toEqual([['maria', { jobTitleEn: 'Architect' }, undefined]]);
});
