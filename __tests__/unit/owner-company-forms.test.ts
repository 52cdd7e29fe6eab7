// The company screens' logic without React: the template form judged by the card's own rules and
// Greek messages, the logo's bytes, the invite form's lines and the answer's refused rows, the
// invitation kept through sign-in, and the Greek said for each refusal of the company API.
import { OwnerRequestError } from '@/browser/owner/owner-api';
import { parseInviteLines, withLines } from '@/browser/owner/invite-lines';
import { dropInvite, keptInvite, takeInvite } from '@/browser/owner/invite-token';
import {
  logoProblem,
  templateErrorField,
  templateFromForm,
  toTemplateForm,
} from '@/browser/owner/template-form';
import { COMPANY_REFUSALS, refusalOf } from '@/components/account/company/messages';
import { LINK_MESSAGES } from '@/lib/card-links';
import { LOGO_MAX_BYTES, LOGO_MESSAGES } from '@/lib/company-logo';
import { CARD_MESSAGES } from '@/lib/profile';
import { OWNER_WRITE_LIMIT_MESSAGE } from '@/lib/owner-writes';

describe('the template form', () => {
  const empty = () => toTemplateForm({});

  test('a stored template shows as typed values with their locks, and comes back the same', () => {
    const template = {
      address: { value: 'Ερμού 10', locked: true },
      city: { value: 'Αθήνα', locked: false },
      links: {
        value: [
          {
            kind: 'linkedin' as const,
            url: 'https://www.linkedin.com/company/fos',
            labelEn: 'Fos on LinkedIn',
          },
        ],
        locked: true,
      },
    };
    const form = toTemplateForm(template);
    expect(form.fields.address).toEqual({ value: 'Ερμού 10', locked: true });
    expect(form.fields.phoneNumber).toEqual({ value: '', locked: false });
    expect(form.linksLocked).toBe(true);
    expect(templateFromForm(form)).toEqual({ ok: true, template });
  });

  test('an empty field is not part of the template; a site is stored whole, a colour in lower case', () => {
    const form = empty();
    form.fields.websiteLink = { value: 'www.fos.gr', locked: true };
    form.fields.accentColor = { value: '#AA3300', locked: false };
    form.fields.city = { value: '   ', locked: true };
    expect(templateFromForm(form)).toEqual({
      ok: true,
      template: {
        websiteLink: { value: 'https://www.fos.gr/', locked: true },
        accentColor: { value: '#aa3300', locked: false },
      },
    });
  });

  test('every wrong value is refused at its field with the card’s own message', () => {
    const form = empty();
    form.fields.websiteLink = { value: 'javascript:alert(1)', locked: true };
    form.fields.phoneNumber = { value: 'όχι τηλέφωνο', locked: false };
    form.links = [
      { id: 'a', kind: 'linkedin', url: 'https://example.com/x', label: '', labelEn: '' },
    ];
    const judged = templateFromForm(form);
    expect(judged.ok).toBe(false);
    const { errors } = judged as { errors: Record<string, string> };
    expect(errors.websiteLink).toBe(CARD_MESSAGES.link);
    expect(errors.phoneNumber).toBe(CARD_MESSAGES.phone);
    expect(errors['links.0.url']).toBe(LINK_MESSAGES.notKind('LinkedIn'));
  });

  test('the server’s field names the form’s', () => {
    expect(templateErrorField('fields.address')).toBe('address');
    expect(templateErrorField('fields.links.2.url')).toBe('links.2.url');
    expect(templateErrorField('name')).toBeNull();
    expect(templateErrorField(undefined)).toBeNull();
  });
});

describe('the logo', () => {
  const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
  const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]);

  test('PNG and JPEG by their first bytes are taken', () => {
    expect(logoProblem(png, 'image/png')).toBeNull();
    expect(logoProblem(jpeg, 'image/jpeg')).toBeNull();
  });

  test('another type, or bytes that are not what the file says, are refused in Greek', () => {
    expect(logoProblem(png, 'image/webp')).toBe(LOGO_MESSAGES.type);
    expect(logoProblem(jpeg, 'image/png')).toBe(LOGO_MESSAGES.type);
    expect(logoProblem(new TextEncoder().encode('<svg/>'), 'image/jpeg')).toBe(LOGO_MESSAGES.type);
  });

  test('an empty file, or more than the limit, is refused', () => {
    expect(logoProblem(new Uint8Array(0), 'image/png')).toBe(LOGO_MESSAGES.empty);
    const big = new Uint8Array(LOGO_MAX_BYTES + 1);
    big.set(png);
    expect(logoProblem(big, 'image/png')).toBe(LOGO_MESSAGES.tooLarge);
    expect(logoProblem(big.subarray(0, LOGO_MAX_BYTES), 'image/png')).toBeNull();
  });
});

describe('the invite form', () => {
  test('one invitation a line, names and title optional, blank lines skipped', () => {
    expect(
      parseInviteLines(
        'eleni@example.com, Ελένη, Νικολάου, Πωλήσεις\n\n  nikos@example.com ;Νίκος\nbad',
      ),
    ).toEqual([
      {
        line: 1,
        email: 'eleni@example.com',
        firstName: 'Ελένη',
        lastName: 'Νικολάου',
        jobTitle: 'Πωλήσεις',
      },
      { line: 3, email: 'nikos@example.com', firstName: 'Νίκος' },
      { line: 4, email: 'bad' },
    ]);
  });

  test('a refused row of a typed list is named by its line; a file’s keeps the server’s', () => {
    const rows = parseInviteLines('a@example.com\nbad\nB@Example.com');
    const answer = withLines(
      {
        sent: 1,
        refused: [
          { email: 'bad', error: 'Μη έγκυρη διεύθυνση' },
          { email: 'b@example.com', error: 'Ήδη μέλος' },
          { line: 7, email: 'x@example.com', error: 'Ήδη μέλος' },
        ],
      },
      rows,
    );
    expect(answer.refused.map((row) => row.line)).toEqual([2, 3, 7]);
  });
});

describe('the invitation kept through sign-in', () => {
  function fakes(href: string) {
    const items = new Map<string, string>();
    const storage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    } as Storage;
    const replaced: string[] = [];
    const history = {
      state: null,
      replaceState: (_state: unknown, _title: string, url: string) => void replaced.push(url),
    } as unknown as History;
    return { location: { href } as Location, storage, history, replaced };
  }

  test('taken off the address bar into the tab’s storage, and found there after a reload', () => {
    const first = fakes('https://karta.test/account?invite=cid.secret&x=1#top');
    expect(takeInvite(first.location, first.storage, first.history)).toBe('cid.secret');
    expect(first.replaced).toEqual(['/account?x=1#top']);
    const reloaded = { ...first, location: { href: 'https://karta.test/account' } as Location };
    expect(takeInvite(reloaded.location, reloaded.storage, reloaded.history)).toBe('cid.secret');
    expect(keptInvite(first.storage)).toBe('cid.secret');
    dropInvite(first.storage);
    expect(takeInvite(reloaded.location, reloaded.storage, reloaded.history)).toBeNull();
  });
});

describe('refusals in Greek', () => {
  test.each([
    [410, 'expired', COMPANY_REFUSALS.expired],
    [410, 'revoked', COMPANY_REFUSALS.revoked],
    [410, 'used', COMPANY_REFUSALS.used],
    [403, 'wrong-address', COMPANY_REFUSALS['wrong-address']],
    [409, 'last-admin', COMPANY_REFUSALS['last-admin']],
    [403, 'not-admin', COMPANY_REFUSALS['not-admin']],
  ])('%i %s', (status, error, message) => {
    expect(refusalOf(new OwnerRequestError(status, error))).toEqual({ message });
  });

  test('a taken username is said at the field; a 400 is the server’s own Greek', () => {
    expect(refusalOf(new OwnerRequestError(409, 'taken', 'username'))).toEqual({
      message: COMPANY_REFUSALS.taken,
      field: 'username',
    });
    expect(refusalOf(new OwnerRequestError(400, 'Λάθος', 'fields.city'))).toEqual({
      message: 'Λάθος',
      field: 'fields.city',
    });
    expect(refusalOf(new OwnerRequestError(429, 'too-many')).message).toBe(
      OWNER_WRITE_LIMIT_MESSAGE,
    );
    // The invitation ceiling's 429 says which ceiling, and how many are left.
    expect(
      refusalOf(new OwnerRequestError(429, 'invite-quota', 'invites', 'Κάθε εταιρεία …')).message,
    ).toBe('Κάθε εταιρεία …');
    expect(refusalOf(new TypeError('Failed to fetch')).message).toMatch(/Ελέγξτε τη σύνδεσή σας/);
  });
});
