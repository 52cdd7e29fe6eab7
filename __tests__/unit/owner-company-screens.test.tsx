/** @jest-environment jsdom */
// The console's navigation (components/account/ConsoleNav.tsx): a phone's bar of at most five
// items with «Περισσότερα» for the rest, its menu by keyboard; and the member's editor
// (CardEditor) on a company's card: locked fields read-only with the company's value, the preview
// as the card will show, and a save that never sends a locked field; and the admin's template
// editor (TemplateEditor), whose preview of a member's card follows the template as it is typed.
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IconUser } from '@tabler/icons-react';
import type { Company } from '@/browser/owner/company';
// Before CardEditor: its stand-ins for the editor's browser side.
import { editor, resetEditor } from '../helpers/card-editor';
import CardEditor from '@/components/account/CardEditor';
import TemplateEditor from '@/components/account/company/TemplateEditor';
import ConsoleNav, { BAR_ITEMS, type NavItem } from '@/components/account/ConsoleNav';
import { LOCKED_FIELD_NOTE, applyCompany } from '@/lib/company';
import { normaliseProfile, toPublicProfile } from '@/lib/profile';
import type { PublicProfile } from '@/lib/profile';

// The template's save, which these tests never reach.
// A card of no team: its team is never read.
jest.mock('@/browser/owner/teams', () => ({ watchTeamOverrides: () => () => undefined }));
jest.mock('@/browser/owner/company', () => ({ saveTemplate: jest.fn() }));

describe('the navigation', () => {
  const items = (count: number): NavItem<string>[] =>
    Array.from({ length: count }, (_, i) => ({
      id: `s${i}`,
      label: `Ενότητα ${i}`,
      Icon: IconUser,
    }));
  const nav = () => screen.getByRole('navigation', { name: 'Ενότητες λογαριασμού' });

  test('five items or fewer: every one in the bar, no menu, the current one marked', () => {
    render(<ConsoleNav items={items(BAR_ITEMS)} current="s2" onSelect={() => {}} />);
    const buttons = within(nav()).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(items(5).map((i) => i.label));
    expect(buttons.map((b) => b.getAttribute('aria-current'))).toEqual([
      null,
      null,
      'page',
      null,
      null,
    ]);
  });

  test('more: four in the bar and «Περισσότερα», whose menu opens, selects and closes by keyboard', async () => {
    const user = userEvent.setup();
    const onSelect = jest.fn();
    render(<ConsoleNav items={items(6)} current="s5" onSelect={onSelect} />);
    const more = within(nav()).getByRole('button', { name: 'Περισσότερα' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    // The current section is in the menu: its button says so.
    expect(more).toHaveAttribute('data-current', 'true');
    const menu = document.getElementById(more.getAttribute('aria-controls') as string);
    expect(menu).toHaveAttribute('data-open', 'false');
    expect(
      within(menu as HTMLElement)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Ενότητα 4', 'Ενότητα 5']);
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(more).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(menu as HTMLElement).getByRole('button', { name: 'Ενότητα 4' }));
    expect(onSelect).toHaveBeenCalledWith('s4');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    // A press outside the open menu closes it.
    await user.click(more);
    fireEvent.pointerDown(document.body);
    expect(more).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('a member’s editor', () => {
  const company: Company = {
    id: 'c1',
    name: 'Studio Φως',
    template: {
      address: { value: 'Ερμού 10', locked: true },
      city: { value: 'Αθήνα', locked: false },
      accentColor: { value: '#aa3300', locked: true },
    },
    admins: [],
    memberUids: [],
  };

  beforeEach(() => {
    resetEditor({
      firstName: 'Κώστας',
      lastName: 'Ιωάννου',
      address: 'Δική μου οδός 1',
      city: 'Πάτρα',
      companyId: 'c1',
    });
  });

  test('a locked field shows the company’s value, read-only and marked; the others are the card’s', async () => {
    render(<CardEditor username="kostas" company={{ company }} />);
    const address = screen.getByLabelText('Διεύθυνση');
    expect(address).toHaveValue('Ερμού 10');
    expect(address).toHaveAttribute('readonly');
    expect(address).toHaveAccessibleDescription(LOCKED_FIELD_NOTE);
    // A lock before its name; none before a field the member writes.
    expect(document.querySelector('label[for="card-address"] svg')).not.toBeNull();
    expect(document.querySelector('label[for="card-city"] svg')).toBeNull();
    const city = screen.getByLabelText('Πόλη');
    expect(city).toHaveValue('Πάτρα');
    expect(city).not.toHaveAttribute('readonly');
    expect(screen.getByText(`Χρώμα κάρτας: ${LOCKED_FIELD_NOTE}`)).toBeInTheDocument();
    // The preview is the card as applyCompany shows it.
    const shown = editor.lastPreview().profile as PublicProfile & { company?: { name: string } };
    expect([shown.address, shown.city, shown.accentColor, shown.company?.name]).toEqual([
      'Ερμού 10',
      'Πάτρα',
      '#aa3300',
      'Studio Φως',
    ]);
  });

  test('a save sends the fields typed, never a locked one', async () => {
    const user = userEvent.setup();
    render(<CardEditor username="kostas" company={{ company }} />);
    await user.type(screen.getByLabelText('Διεύθυνση'), ' αλλαγή');
    await user.clear(screen.getByLabelText('Πόλη'));
    await user.type(screen.getByLabelText('Πόλη'), 'Λάρισα');
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση' }));
    await screen.findByText(/Η αλλαγή φαίνεται στην κάρτα σας/);
    expect(editor.saveCard.mock.calls).toEqual([['kostas', { city: 'Λάρισα' }, undefined]]);
  });

  test('a card in no company is edited as before', () => {
    editor.card = { firstName: 'Μαρία', address: 'Δική μου οδός 1' };
    render(<CardEditor username="maria" />);
    expect(screen.getByLabelText('Διεύθυνση')).toHaveValue('Δική μου οδός 1');
    expect(screen.getByLabelText('Διεύθυνση')).not.toHaveAttribute('readonly');
  });
});

describe('the template editor’s preview of a member’s card', () => {
  const company: Company = {
    id: 'c1',
    name: 'Studio Φως',
    template: { city: { value: 'Αθήνα', locked: false } },
    admins: [],
    memberUids: [],
  };
  // The admin's own card, a member's too: a company name and a colour of its own, no phone.
  const own = {
    firstName: 'Ελένη',
    lastName: 'Φωτίου',
    companyName: 'Δικό μου όνομα',
    accentColor: '#e53935',
    companyId: 'c1',
  };
  const shown = () =>
    editor.lastPreview().profile as PublicProfile & { company?: { name: string } };

  beforeEach(() => resetEditor(own));

  test('it follows the template as typed: a default phone, a colour, a locked company name, as applyCompany makes them', async () => {
    const user = userEvent.setup();
    render(<TemplateEditor company={company} username="eleni" />);
    expect(
      screen.getByRole('heading', { name: 'Προεπισκόπηση κάρτας μέλους' }),
    ).toBeInTheDocument();
    // The saved template at first: the default city over a card with none.
    expect([shown().city, shown().phoneNumber, shown().companyName]).toEqual([
      'Αθήνα',
      undefined,
      'Δικό μου όνομα',
    ]);

    await user.type(screen.getByLabelText('Τηλέφωνο (κέντρο)'), '2101234567');
    expect(shown().phoneNumber).toBe('2101234567');

    // A default colour stays under the card's own; the company name, typed, too, until locked.
    await user.click(screen.getByRole('radio', { name: 'Πετρόλ' }));
    await user.type(screen.getByLabelText('Όνομα εταιρείας στην κάρτα'), 'Φως ΑΕ');
    expect([shown().accentColor, shown().companyName]).toEqual(['#e53935', 'Δικό μου όνομα']);
    await user.click(screen.getByRole('checkbox', { name: 'Κλειδωμένο: Χρώμα κάρτας' }));
    await user.click(
      screen.getByRole('checkbox', { name: 'Κλειδωμένο: Όνομα εταιρείας στην κάρτα' }),
    );
    expect(shown()).toEqual(
      applyCompany(toPublicProfile(normaliseProfile('eleni', own)), {
        id: 'c1',
        name: 'Studio Φως',
        template: {
          companyName: { value: 'Φως ΑΕ', locked: true },
          city: { value: 'Αθήνα', locked: false },
          phoneNumber: { value: '2101234567', locked: false },
          accentColor: { value: '#00838f', locked: true },
        },
      }),
    );
    expect([shown().accentColor, shown().companyName]).toEqual(['#00838f', 'Φως ΑΕ']);
  });

  test('the English switch shows the English card; a field still wrong is left out, not the rest', async () => {
    const user = userEvent.setup();
    render(<TemplateEditor company={company} username="eleni" />);
    await user.type(screen.getByLabelText('Ιστότοπος'), 'not a site');
    await user.type(screen.getByLabelText('Διεύθυνση'), 'Ερμού 10');
    expect([shown().websiteLink, shown().address]).toEqual([undefined, 'Ερμού 10']);
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(editor.lastPreview().lang).toBe('en');
    expect(shown().city).toBe('Athina');
  });
});
