import {
  CARD_FIELD_RULES,
  CARD_MESSAGES,
  EDITABLE_FIELDS,
  PROFILE_FIELDS,
  THUMBNAIL_MAX_CHARS,
  cardValueProblem,
  normaliseProfile,
  toPublicProfile,
} from '@/lib/profile';
import { LINK_MESSAGES } from '@/lib/card-links';
import { OWNER_FIELD } from '@/lib/collections';
import { CONTROL_CHARACTER_MESSAGE } from '@/lib/control-characters';
import { profileVCard } from '@/lib/vcard';

describe('the owner field', () => {
  const raw = { firstName: 'Μαρία', jobTitle: 'Αρχιτέκτονας', [OWNER_FIELD]: 'uid-123' };

  it('is never part of the profile, the public profile or the vCard', () => {
    const profile = normaliseProfile('maria', raw);
    expect(profile).not.toHaveProperty(OWNER_FIELD);
    expect(JSON.stringify(toPublicProfile(profile))).not.toContain('uid-123');
    expect(profileVCard(profile)).not.toContain('uid-123');
  });

  it('is not a field of the card, so the page cannot show it', () => {
    expect(PROFILE_FIELDS).not.toContain(OWNER_FIELD);
  });
});

describe('the editable fields', () => {
  it('are every field the card has except username, and its links', () => {
    expect([...EDITABLE_FIELDS].sort()).toEqual(
      [...PROFILE_FIELDS.filter((f) => f !== 'username'), 'links'].sort(),
    );
  });
});

describe('cardValueProblem', () => {
  it.each<[(typeof EDITABLE_FIELDS)[number], unknown, string | null]>([
    ['jobTitle', 'Αρχιτέκτονας', null],
    ['jobTitle', 'α'.repeat(100), null],
    ['jobTitle', 'α'.repeat(101), CARD_MESSAGES.tooLong(100)],
    // One emoji is one character to the rules' size(), two UTF-16 units to .length.
    ['firstName', '😀'.repeat(50), null],
    ['firstName', '😀'.repeat(51), CARD_MESSAGES.tooLong(50)],
    ['jobTitle', '', CARD_MESSAGES.empty],
    ['jobTitle', 42, CARD_MESSAGES.notText],
    ['email', 'maria@example.gr', null],
    ['email', 'maria@example', CARD_MESSAGES.email],
    ['phoneNumber', '+30 691 234 5678', null],
    ['phoneNumber', '691-234', CARD_MESSAGES.phone],
    ['phoneNumber', '+', CARD_MESSAGES.phone],
    ['websiteLink', 'https://www.example.gr/', null],
    ['websiteLink', 'javascript:alert(1)', CARD_MESSAGES.link],
    ['websiteLink', 'https://user@evil.example/', CARD_MESSAGES.link],
    ['displayImage', '/demo/maria.jpg', null],
    ['displayImage', '//evil.example/x.jpg', CARD_MESSAGES.image],
    // The card's own photo, and never another card's, however its path is written.
    ['displayImage', '/maria/photo/Ab_-9', null],
    ['displayImage', '/nikos/photo/Ab_-9', CARD_MESSAGES.otherPhoto],
    ['displayImage', '/maria/photo/Ab_-9?x=1', CARD_MESSAGES.otherPhoto],
    ['displayImage', '/nikos\\photo\\Ab', CARD_MESSAGES.otherPhoto],
    ['displayImage', '/nikos/./PHOTO/Ab', CARD_MESSAGES.otherPhoto],
    ['displayImage', '/nikos/%70hoto/Ab', CARD_MESSAGES.otherPhoto],
    ['displayImage', '/n%69kos/photo/Ab', CARD_MESSAGES.otherPhoto],
    ['displayImage', '/demo/photo-of-maria.jpg', null],
    ['displayImage', '/demo/photos.jpg', null],
    ['thumbnailBase64', '/9j/4AAQ', null],
    ['thumbnailBase64', 'data:image/jpeg;base64,/9j/', CARD_MESSAGES.photo],
    ['thumbnailBase64', 'A'.repeat(THUMBNAIL_MAX_CHARS + 1), CARD_MESSAGES.photoTooLarge],
    // Facebook and Instagram: only their pages, over https, never the bare home page.
    ['facebookLink', 'https://www.facebook.com/maria', null],
    ['facebookLink', 'https://m.facebook.com/profile.php?id=1', null],
    ['facebookLink', 'https://fb.me/maria', null],
    ['facebookLink', 'http://evil.example/login', LINK_MESSAGES.https],
    ['facebookLink', 'https://evil.example/login', LINK_MESSAGES.notKind('Facebook')],
    ['facebookLink', 'https://facebook.com.evil.example/x', LINK_MESSAGES.notKind('Facebook')],
    ['facebookLink', 'https://www.facebook.com/', LINK_MESSAGES.notKind('Facebook')],
    ['facebookLink', 'http://www.facebook.com/maria', LINK_MESSAGES.https],
    ['facebookLink', 'https://www.instagram.com/maria', LINK_MESSAGES.notKind('Facebook')],
    ['instagramLink', 'https://www.instagram.com/maria/', null],
    ['instagramLink', 'https://www.facebook.com/maria', LINK_MESSAGES.notKind('Instagram')],
    ['instagramLink', 'javascript:alert(1)', CARD_MESSAGES.link],
    // The website may be any site, over http too.
    ['websiteLink', 'http://evil.example/login', null],
  ])('%s = %j → %j', (field, value, expected) => {
    expect(cardValueProblem(field, value, 'maria')).toBe(expected);
  });

  // Every text the card shows is one line (the editor's inputs are all one-line), and none may
  // hold what reorders or breaks it: lib/control-characters.ts.
  const TEXTS = EDITABLE_FIELDS.filter((field) =>
    ['text', 'name'].includes(CARD_FIELD_RULES[field].kind),
  );

  it('treats every text field as a text or a name', () => {
    expect([...TEXTS].sort()).toEqual(
      [
        'address',
        'addressDetails',
        'city',
        'companyName',
        'firstName',
        'jobTitle',
        'lastName',
        // Their English twins, under the same rules.
        'addressEn',
        'addressDetailsEn',
        'cityEn',
        'companyNameEn',
        'firstNameEn',
        'jobTitleEn',
        'lastNameEn',
      ].sort(),
    );
  });

  it.each(
    TEXTS.flatMap((field) =>
      [
        'Αρχιτέκτονας\nΜηχανικός',
        'Αρχιτέκτονας\r',
        'Αρχι\tτέκτονας',
        'Αρχιτέκτονας\u0085',
        'Αρχιτέκτονας\u2028',
        'Αρχιτέκτονας\u2029',
        'Μαρία \u202Eαπ',
        '\u202AΜαρία',
        'Μαρία\u202B',
        'Μαρία\u202C',
        'Μαρία\u202D',
        '\u2066Μαρία',
        'Μαρία\u2067',
        'Μαρία\u2068',
        'Μαρία\u2069',
      ].map((value) => [field, value] as const),
    ),
  )('%s refuses %j', (field, value) => {
    expect(cardValueProblem(field, value, 'maria')).toBe(
      CARD_FIELD_RULES[field].kind === 'name' ? CARD_MESSAGES.name : CARD_MESSAGES.text,
    );
  });

  it.each(TEXTS)(
    '%s takes Greek, NBSP, emoji and the neighbours of the refused ranges',
    (field) => {
      expect(
        cardValueProblem(field, 'Μα\u00a0ρία 😀 \u2027\u202F\u206A\u200E', 'maria'),
      ).toBeNull();
    },
  );

  it('says so in Greek, as the visitor is told of their name', () => {
    expect(CARD_MESSAGES.name).toBe(CONTROL_CHARACTER_MESSAGE);
    expect(CARD_MESSAGES.text).toBe(
      'Το κείμενο έχει μη επιτρεπτούς χαρακτήρες (π.χ. αλλαγή γραμμής)',
    );
  });

  it('has a limit for every field and says each in Greek', () => {
    for (const field of EDITABLE_FIELDS) expect(CARD_FIELD_RULES[field].max).toBeGreaterThan(0);
    expect(CARD_MESSAGES.tooLong(50)).toBe('Έως 50 χαρακτήρες');
    expect(CARD_MESSAGES.link).toBe('Μόνο διευθύνσεις που αρχίζουν με http:// ή https://');
  });
});
