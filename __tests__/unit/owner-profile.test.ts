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
import { OWNER_FIELD } from '@/lib/collections';
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
  ])('%s = %j → %j', (field, value, expected) => {
    expect(cardValueProblem(field, value, 'maria')).toBe(expected);
  });

  it('has a limit for every field and says each in Greek', () => {
    for (const field of EDITABLE_FIELDS) expect(CARD_FIELD_RULES[field].max).toBeGreaterThan(0);
    expect(CARD_MESSAGES.tooLong(50)).toBe('Έως 50 χαρακτήρες');
    expect(CARD_MESSAGES.link).toBe('Μόνο διευθύνσεις που αρχίζουν με http:// ή https://');
  });
});
