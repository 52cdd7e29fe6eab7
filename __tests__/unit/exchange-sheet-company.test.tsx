/**
 * @jest-environment jsdom
 */
// A member card's exchange sheet tells the visitor the truth: the details go to the member and to
// the company, whose admins read and keep them (docs/companies.md). A personal card's sheet still
// names its owner alone. The card's HTML carries the company's name; its script hands it to the
// sheet.
import userEvent from '@testing-library/user-event';
import type { CardProfile } from '@/components/card/Card';
import { normaliseProfile, toPublicProfile } from '@/lib/profile';
import type { CardLanguage } from '@/lib/routes';
import { renderCardBody } from '../helpers/card';
import * as island from './support/card-script';

jest.mock('@/browser/visitor-contact', () => ({
  sendContact: jest.fn(),
  prepareContactWrite: jest.fn(),
}));

beforeAll(island.standInForResizeObserver);
afterEach(() => document.documentElement.removeAttribute('lang'));

const SOFIA: CardProfile = {
  ...toPublicProfile(normaliseProfile('sofia', { firstName: 'Σοφία', lastName: 'Νικολάου' })),
  company: { id: 'studio', name: 'Studio Φως' },
};

async function sheetOf(profile: CardProfile, lang: CardLanguage, button: string, title: string) {
  document.documentElement.lang = lang;
  const user = userEvent.setup();
  renderCardBody(profile, island.ASSETS, island.STATS_KEY, lang);
  island.enhanceRenderedCard();
  return island.openSheet(user, button, title);
}

test('a member card names the company beside the member, in Greek', async () => {
  expect(
    await sheetOf(SOFIA, 'el', 'Ανταλλαγή Επαφής', 'Ανταλλαγή στοιχείων με Σοφία'),
  ).toHaveTextContent(
    'Τα στοιχεία σας πηγαίνουν στον/στην Σοφία και στην εταιρεία «Studio Φως». Πώς προστατεύονται',
  );
  expect(document.querySelector('main')).toHaveAttribute('data-company', 'Studio Φως');
});

test('and in English', async () => {
  const dialog = await sheetOf(SOFIA, 'en', 'Exchange contact', 'Exchange details with Σοφία');
  expect(dialog).toHaveTextContent(
    'Your details go to Σοφία and to the company “Studio Φως”. How they are protected (in Greek)',
  );
  expect(dialog.textContent).not.toContain('only');
});

test('a personal card names its owner alone, and its HTML names no company', async () => {
  const personal: CardProfile = { ...SOFIA, company: undefined };
  const dialog = await sheetOf(personal, 'el', 'Ανταλλαγή Επαφής', 'Ανταλλαγή στοιχείων με Σοφία');
  expect(dialog).toHaveTextContent('Τα στοιχεία σας πηγαίνουν μόνο στον/στην Σοφία.');
  expect(dialog.textContent).not.toContain('εταιρεία');
  expect(document.querySelector('main')).not.toHaveAttribute('data-company');
});
