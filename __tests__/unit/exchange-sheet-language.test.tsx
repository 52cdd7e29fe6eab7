/** @jest-environment jsdom */
// The exchange sheet in the card's language (components/exchange): on the English card every
// label, placeholder, check and failure is in English; the Greek card's sheet stays Greek.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import ContactForm from '@/components/exchange/ContactForm';
import ExchangeSheet from '@/components/exchange/ExchangeSheet';
import { expectConsole } from '@/__tests__/helpers/console';

const sendContact = jest.fn();
jest.mock('@/browser/visitor-contact', () => ({
  sendContact: (...args: unknown[]) => sendContact(...args),
  prepareContactWrite: () => undefined,
}));

beforeAll(() => {
  // react-modal-sheet measures its content; jsdom has no ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
beforeEach(() => sendContact.mockReset());
afterEach(() => jest.restoreAllMocks());

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

test('the form in English: its labels and placeholders, its button, its checks', async () => {
  const onSent = jest.fn();
  render(<ContactForm username="maria" onSent={onSent} lang="en" />);
  for (const label of ['Name', 'Email', 'Phone']) {
    expect(screen.getByLabelText(label).getAttribute('placeholder')).toBe(label);
  }
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findAllByText('Required')).toHaveLength(2);
  type('Name', 'Anna Schmidt');
  type('Email', 'anna@');
  type('Phone', '040-123');
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
  expect(screen.getByText('Only digits, spaces and a + at the start')).toBeTruthy();
  expect(sendContact).not.toHaveBeenCalled();
  expect(document.body.textContent).not.toMatch(/[\u0370-\u03FF\u1F00-\u1FFF]/);
});

test('a failed send says so in English and keeps everything typed', async () => {
  expectConsole('error', /Contact exchange failed/);
  sendContact.mockRejectedValue(new Error('permission-denied'));
  const onSent = jest.fn();
  render(<ContactForm username="maria" onSent={onSent} lang="en" />);
  type('Name', 'Anna Schmidt');
  type('Email', 'anna@example.de');
  type('Phone', '+49 40 123456');
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Sending failed. Please try again.');
  expect(sendContact).toHaveBeenCalledWith('maria', {
    name: 'Anna Schmidt',
    email: 'anna@example.de',
    phone: '+49 40 123456',
  });
  expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Anna Schmidt');
  expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('anna@example.de');
  expect(screen.getByLabelText<HTMLInputElement>('Phone').value).toBe('+49 40 123456');
  expect(onSent).not.toHaveBeenCalled();

  // And a second try goes through.
  sendContact.mockResolvedValue('id');
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
  expect(sendContact).toHaveBeenCalledTimes(2);
});

function openSheet(lang?: 'el' | 'en') {
  return render(
    <ExchangeSheet
      isOpen
      formKey={1}
      username="maria"
      firstName="Maria"
      lang={lang}
      onClose={() => undefined}
      onSent={() => undefined}
    />,
  );
}

test('the sheet in English: its title, close button and privacy line', async () => {
  openSheet('en');
  const dialog = await screen.findByRole('dialog', { name: 'Exchange details with Maria' });
  expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
  expect(dialog.textContent).toContain('Your details go to Maria only.');
  const privacy = within(dialog).getByRole('link', { name: 'How they are protected (in Greek)' });
  expect(privacy.getAttribute('href')).toBe('/privacy');
  expect(privacy.getAttribute('hreflang')).toBe('el');
  expect(within(dialog).getByRole('button', { name: 'Send' })).toBeTruthy();
  expect(dialog.textContent).not.toMatch(/[\u0370-\u03FF\u1F00-\u1FFF]/);
});

test('the sheet without a language is the Greek card’s, as before', async () => {
  openSheet();
  const dialog = await screen.findByRole('dialog', { name: 'Ανταλλαγή στοιχείων με Maria' });
  expect(within(dialog).getByRole('button', { name: 'Κλείσιμο' })).toBeTruthy();
  expect(within(dialog).getByLabelText('Όνομα')).toBeTruthy();
  expect(within(dialog).getByRole('button', { name: 'Αποστολή' })).toBeTruthy();
  expect(dialog.textContent).toContain('Τα στοιχεία σας πηγαίνουν μόνο στον/στην Maria.');
});
