import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateYupSchema, yupToFormErrors, type FormikErrors } from 'formik';
import { ValidationError } from 'yup';
import { buildCardAssets } from '@/tools/card-assets/build';
import type { CardAssets } from '@/lib/card-assets';
import {
  EMAIL_PATTERN,
  LIMITS,
  PHONE_PATTERN,
  contactSchema,
  initialContactValues,
  toContactDoc,
  type ContactFormValues,
} from '@/lib/contact-form';
import { CONTACT_SENT, CONTACT_SENT_IN } from '@/lib/contact-messages';
import { CONTACT_TEXTS, withName, type ContactTexts } from '@/lib/contact-texts';
import {
  CONTROL_CHARACTER_MESSAGE,
  NO_CONTROL_CHARACTERS,
  NO_CONTROL_CHARACTERS_SOURCE,
} from '@/lib/control-characters';
import { EMAIL_PATTERN_SOURCE } from '@/lib/email-pattern';
import { PHONE_PATTERN_SOURCE } from '@/lib/phone-pattern';
import type { CardLanguage } from '@/lib/routes';

const CONTACT_MESSAGES = CONTACT_TEXTS.el;
const ENGLISH = CONTACT_TEXTS.en;

const VALID: ContactFormValues = { name: 'Μαρία', email: 'maria@example.gr', phone: '' };

/** Every failure as [path, message], in the order yup reports them; [] when valid. */
async function errorsOf(
  values: Partial<ContactFormValues>,
  lang: CardLanguage = 'el',
): Promise<[string, string][]> {
  try {
    await contactSchema(lang).validate({ ...VALID, ...values }, { abortEarly: false });
    return [];
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return error.inner.map((inner) => [inner.path ?? '', inner.message]);
  }
}

const RULES_TEXT = readFileSync(path.join(__dirname, '..', '..', 'firestore.rules'), 'utf8');

/** The texts that say something in words: the others ('Email') read the same in both. */
const WORDED = (Object.keys(ENGLISH) as Array<keyof ContactTexts>).filter(
  (key) => key !== 'emailLabel',
);

describe('the texts and constants', () => {
  it('says each problem in Greek, and each length message names its limit', () => {
    for (const key of WORDED) expect(CONTACT_MESSAGES[key]).toMatch(/[Α-ω]/);
    expect(CONTACT_MESSAGES.nameTooLong).toContain(`έως ${LIMITS.name} χαρακτήρες`);
    expect(CONTACT_MESSAGES.emailTooLong).toContain(`έως ${LIMITS.email} χαρακτήρες`);
    expect(CONTACT_MESSAGES.phoneTooLong).toContain(`έως ${LIMITS.phone} χαρακτήρες`);
  });

  it('has the same texts in English, each without a Greek letter, the limits named', () => {
    expect(Object.keys(ENGLISH).sort()).toEqual(Object.keys(CONTACT_MESSAGES).sort());
    for (const text of Object.values(ENGLISH)) {
      expect(text.trim()).not.toBe('');
      // The Greek and Coptic block and Greek Extended (accented letters).
      expect(text).not.toMatch(/[\u0370-\u03FF\u1F00-\u1FFF]/);
    }
    for (const key of WORDED) expect(ENGLISH[key]).not.toBe(CONTACT_MESSAGES[key]);
    expect(ENGLISH.nameTooLong).toContain(`up to ${LIMITS.name} characters`);
    expect(ENGLISH.emailTooLong).toContain(`up to ${LIMITS.email} characters`);
    expect(ENGLISH.phoneTooLong).toContain(`up to ${LIMITS.phone} characters`);
    // The owner's name goes where each language's sentence has it.
    for (const texts of [ENGLISH, CONTACT_MESSAGES]) {
      expect(texts.title).toContain('{firstName}');
      expect(texts.privacy).toContain('{firstName}');
    }
  });

  it('says the details were sent in each language, the Greek card’s on its own', () => {
    expect(CONTACT_SENT_IN.el).toBe(CONTACT_SENT);
    expect(CONTACT_SENT).toMatch(/[Α-ω]/);
    expect(CONTACT_SENT_IN.en).toBe('Your details have been sent');
  });

  it('puts the name in as written, even one that looks like a replacement pattern', () => {
    expect(withName(ENGLISH.title, 'Maria')).toBe('Exchange details with Maria');
    expect(withName(ENGLISH.title, "$& $' $$")).toBe("Exchange details with $& $' $$");
  });

  it('judges as firestore.rules does: its limits and its patterns, verbatim', () => {
    expect(RULES_TEXT).toContain(`name.size() <= ${LIMITS.name}`);
    expect(RULES_TEXT).toContain(`email.size() <= ${LIMITS.email}`);
    expect(RULES_TEXT).toContain(
      `phone.size() <= ${LIMITS.phone} && phone.matches('${PHONE_PATTERN_SOURCE}')`,
    );
    expect(RULES_TEXT).toContain(`email.matches('(?i)${EMAIL_PATTERN_SOURCE}')`);
    // A rules string literal takes its backslashes doubled.
    const inRules = NO_CONTROL_CHARACTERS_SOURCE.replaceAll('\\', '\\\\');
    expect(RULES_TEXT).toContain(`name.matches('${inRules}')`);
  });

  it('refuses exactly C0, DEL, C1, U+2028–U+202E and U+2066–U+2069, written in ASCII', () => {
    const refused = (code: number) =>
      code <= 0x1f ||
      (code >= 0x7f && code <= 0x9f) ||
      (code >= 0x2028 && code <= 0x202e) ||
      (code >= 0x2066 && code <= 0x2069);
    const wrong: string[] = [];
    for (let code = 0; code <= 0xffff; code += 1) {
      // Lone surrogates are no characters; the rules never see one.
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const accepted = NO_CONTROL_CHARACTERS.test(`a${String.fromCodePoint(code)}b`);
      if (accepted === refused(code)) wrong.push(code.toString(16));
    }
    expect(wrong).toEqual([]);
    expect(NO_CONTROL_CHARACTERS.test('😀')).toBe(true);
    // No file holds the invisible characters themselves: the pattern is all escapes.
    expect(NO_CONTROL_CHARACTERS_SOURCE).toMatch(/^[ -~]+$/);
  });

  it('starts with every field empty', () => {
    expect(initialContactValues).toEqual({ name: '', email: '', phone: '' });
  });

  it.each(['a@b.gr', 'MARIA@EXAMPLE.GR', 'm.p+tag@mail.example.co.uk', 'x_y%z-w@sub-d.org'])(
    'EMAIL_PATTERN accepts %s',
    (email) => expect(EMAIL_PATTERN.test(email)).toBe(true),
  );

  it.each(['a@b', 'a@b.c', '@b.gr', 'a b@c.gr', 'a@b.gr ', 'μαρία@example.gr', 'a@@b.gr'])(
    'EMAIL_PATTERN rejects %j',
    (email) => expect(EMAIL_PATTERN.test(email)).toBe(false),
  );

  it.each(['+30 210 1234567', '6940000000', '  12 ', '+1'])('PHONE_PATTERN accepts %j', (p) =>
    expect(PHONE_PATTERN.test(p)).toBe(true),
  );

  it.each(['', '+', '   ', '+ ', '210-1234567', '30+210', '++30', '(210) 123', '210\n123', 'abc'])(
    'PHONE_PATTERN rejects %j',
    (p) => expect(PHONE_PATTERN.test(p)).toBe(false),
  );
});

describe('contactSchema', () => {
  it('accepts a complete contact and one without a phone', async () => {
    expect(await errorsOf({ phone: '+30 694 000 0000' })).toEqual([]);
    expect(await errorsOf({ phone: '' })).toEqual([]);
  });

  it('reports every empty required field with the Greek message', async () => {
    expect(await errorsOf(initialContactValues)).toEqual([
      ['name', CONTACT_MESSAGES.required],
      ['email', CONTACT_MESSAGES.required],
    ]);
  });

  it('treats a name or email of only spaces as missing', async () => {
    expect(await errorsOf({ name: '   ', email: ' \t ' })).toEqual([
      ['name', 'Υποχρεωτικό πεδίο'],
      ['email', 'Υποχρεωτικό πεδίο'],
    ]);
  });

  it('validates the trimmed values and returns them trimmed', async () => {
    const values = { name: '  Μαρία  ', email: ' maria@example.gr ', phone: ' +30 210 ' };
    expect(await errorsOf(values)).toEqual([]);
    await expect(contactSchema().validate(values)).resolves.toEqual({
      name: 'Μαρία',
      email: 'maria@example.gr',
      phone: '+30 210',
    });
  });

  it.each(['maria', 'maria@', 'maria@example', 'maria@example.g', 'μαρία@example.gr', 'a b@c.gr'])(
    'rejects the email %j',
    async (email) => {
      expect(await errorsOf({ email })).toEqual([['email', 'Συμπληρώστε σωστό email']]);
    },
  );

  it.each(['210-1234567', '30+210', '(210) 1234567', 'τηλέφωνο'])(
    'rejects the phone %j',
    async (phone) => {
      expect(await errorsOf({ phone })).toEqual([['phone', 'Μόνο ψηφία, κενά και + στην αρχή']]);
    },
  );

  it('accepts a name of exactly 100 characters, Greek included, and rejects 101', async () => {
    expect(await errorsOf({ name: 'Ω'.repeat(100) })).toEqual([]);
    expect(await errorsOf({ name: ` ${'Ω'.repeat(100)} ` })).toEqual([]);
    expect(await errorsOf({ name: 'Ω'.repeat(101) })).toEqual([
      ['name', CONTACT_MESSAGES.nameTooLong],
    ]);
  });

  // A line feed would hide a formula after the first line in the owner's CSV export.
  it.each([
    ['a line feed', '=HYPERLINK("x")\nΜαρία'],
    ['a carriage return', 'Μαρία\rΠ'],
    ['a tab', 'Μαρία\tΠ'],
    ['a NUL', 'Μαρία\u0000'],
    ['U+001F', 'Μαρία\u001fΠ'],
    ['a DEL', 'Μαρία\u007fΠ'],
    ['a C1 next line (U+0085)', 'Μαρία\u0085Π'],
    ['U+009F', 'Μαρία\u009fΠ'],
    // Line breaks by another name, and what reorders the name in the owner's mail and console.
    ['a line separator (U+2028)', 'Μαρία\u2028Π'],
    ['a paragraph separator (U+2029)', 'Μαρία\u2029Π'],
    ['a right-to-left override (U+202E)', 'Μαρία \u202Eαπ'],
    ['a left-to-right embedding (U+202A)', 'Μαρία\u202AΠ'],
    ['a pop directional formatting (U+202C)', 'Μαρία\u202CΠ'],
    ['a left-to-right isolate (U+2066)', 'Μαρία\u2066Π'],
    ['a pop directional isolate (U+2069)', 'Μαρία\u2069Π'],
  ])('refuses a name with %s inside it', async (_label, name) => {
    expect(await errorsOf({ name })).toEqual([['name', CONTROL_CHARACTER_MESSAGE]]);
  });

  it('accepts a name with a line feed only at its ends (trimmed away), or NBSP and emoji', async () => {
    expect(await errorsOf({ name: '\nΜαρία\r\n' })).toEqual([]);
    expect(await errorsOf({ name: 'Μαρία\u00a0Π. 😀 ~' })).toEqual([]);
  });

  it('accepts the neighbours of the refused ranges, and a left-to-right or right-to-left mark', async () => {
    expect(await errorsOf({ name: 'Μα\u2027ρί\u202Fα\u206A\u200E\u200F' })).toEqual([]);
  });

  it('accepts an email of exactly 254 characters and rejects 255', async () => {
    const at254 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.gr`;
    expect(at254).toHaveLength(254);
    expect(await errorsOf({ email: at254 })).toEqual([]);
    expect(await errorsOf({ email: `  ${at254}  ` })).toEqual([]);
    expect(await errorsOf({ email: `a${at254}` })).toEqual([
      ['email', CONTACT_MESSAGES.emailTooLong],
    ]);
  });

  it('accepts a phone of exactly 20 characters and rejects 21', async () => {
    const at20 = '+30 694 000 0000 123';
    expect(at20).toHaveLength(20);
    expect(await errorsOf({ phone: at20 })).toEqual([]);
    expect(await errorsOf({ phone: `   ${at20}   ` })).toEqual([]);
    expect(await errorsOf({ phone: `${at20}4` })).toEqual([
      ['phone', CONTACT_MESSAGES.phoneTooLong],
    ]);
  });

  it('a phone that is only a + or spaces is refused, as the rules refuse it', async () => {
    expect(await errorsOf({ phone: '+' })).toEqual([['phone', CONTACT_MESSAGES.phone]]);
    expect(await errorsOf({ phone: ' + ' })).toEqual([['phone', CONTACT_MESSAGES.phone]]);
    expect(await errorsOf({ phone: '   ' })).toEqual([]);
  });

  it('reports every broken rule of a field at once', async () => {
    expect(await errorsOf({ phone: '-'.repeat(21) })).toEqual([
      ['phone', CONTACT_MESSAGES.phoneTooLong],
      ['phone', CONTACT_MESSAGES.phone],
    ]);
  });

  it('reports all fields together', async () => {
    expect(await errorsOf({ name: '', email: 'x', phone: 'abc' })).toEqual([
      ['name', CONTACT_MESSAGES.required],
      ['email', CONTACT_MESSAGES.email],
      ['phone', CONTACT_MESSAGES.phone],
    ]);
  });
});

describe('contactSchema in English', () => {
  it('says every problem in English', async () => {
    expect(await errorsOf(initialContactValues, 'en')).toEqual([
      ['name', 'Required'],
      ['email', 'Required'],
    ]);
    expect(await errorsOf({ name: 'Ω'.repeat(101), email: 'maria@', phone: 'abc' }, 'en')).toEqual([
      ['name', ENGLISH.nameTooLong],
      ['email', 'Enter a valid email address'],
      ['phone', ENGLISH.phone],
    ]);
    expect(await errorsOf({ name: 'Maria\nX', email: `a${'b'.repeat(254)}@c.gr` }, 'en')).toEqual([
      ['name', ENGLISH.nameControl],
      ['email', ENGLISH.emailTooLong],
    ]);
    expect(await errorsOf({ phone: '1'.repeat(21) }, 'en')).toEqual([
      ['phone', ENGLISH.phoneTooLong],
    ]);
  });

  // The rules are one; only their words differ, so the two schemas accept the same values.
  it.each<Partial<ContactFormValues>>([
    {},
    initialContactValues,
    { name: ' Maria ', email: ' maria@example.gr ', phone: ' +30 210 ' },
    { name: 'Ω'.repeat(100) },
    { name: 'Ω'.repeat(101) },
    { name: 'Μαρία\u202E' },
    { email: 'μαρία@example.gr' },
    { phone: '+' },
    { phone: '-'.repeat(21) },
  ])('judges %j in English as in Greek', async (values) => {
    const paths = async (lang: CardLanguage) =>
      (await errorsOf(values, lang)).map(([path]) => path);
    expect(await paths('en')).toEqual(await paths('el'));
  });
});

describe('contactSchema through Formik', () => {
  // Formik turns '' into undefined before validating, so the schema must cope with that too.
  async function formikErrors(values: ContactFormValues): Promise<FormikErrors<ContactFormValues>> {
    try {
      await validateYupSchema(values, contactSchema());
      return {};
    } catch (error) {
      return yupToFormErrors<ContactFormValues>(error);
    }
  }

  it('shows one Greek message per invalid field', async () => {
    expect(await formikErrors(initialContactValues)).toEqual({
      name: CONTACT_MESSAGES.required,
      email: CONTACT_MESSAGES.required,
    });
    expect(await formikErrors({ name: ' Μαρία ', email: 'maria@', phone: '21-0' })).toEqual({
      email: CONTACT_MESSAGES.email,
      phone: CONTACT_MESSAGES.phone,
    });
  });

  it('passes a valid form with an empty phone', async () => {
    expect(await formikErrors({ name: 'Μαρία', email: 'maria@example.gr', phone: '' })).toEqual({});
  });
});

describe('toContactDoc', () => {
  it('writes trimmed values with the phone when one is given', () => {
    expect(
      toContactDoc({ name: '  Μαρία Π. ', email: ' maria@example.gr\n', phone: ' +30 210 ' }),
    ).toEqual({ name: 'Μαρία Π.', email: 'maria@example.gr', phone: '+30 210' });
  });

  it('leaves the phone key out when it is empty or blank', () => {
    for (const phone of ['', '   ']) {
      const doc = toContactDoc({ name: 'Μαρία', email: 'maria@example.gr', phone });
      expect(doc).toEqual({ name: 'Μαρία', email: 'maria@example.gr' });
      expect('phone' in doc).toBe(false);
    }
  });
});

describe("the card's inline script", () => {
  // It is in every card's HTML; the form's texts arrive with the sheet, on demand.
  it("carries the sent message and none of the sheet's other texts", async () => {
    const manifest = await buildCardAssets({
      ...process.env,
      NEXT_PUBLIC_SITE_URL: 'https://karta.example',
    });
    const { enhance } = JSON.parse(readFileSync(manifest, 'utf8')) as CardAssets;
    expect(enhance).toContain(CONTACT_SENT);
    for (const texts of [CONTACT_MESSAGES, ENGLISH]) {
      for (const key of ['title', 'privacy', 'required', 'phone', 'sendFailed'] as const) {
        expect(enhance).not.toContain(texts[key].replace(/\{firstName\}.*/, ''));
      }
    }
  }, 30_000);
});
