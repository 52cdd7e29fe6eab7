import { cardFormChanges, toFormValues } from '@/browser/owner/card-form';
import { CARD_MESSAGES } from '@/lib/profile';

const STORED = toFormValues({
  username: 'maria',
  ownerUid: 'uid',
  firstName: 'Μαρία',
  jobTitle: 'Αρχιτέκτονας',
  websiteLink: 'https://www.example.gr',
  // Made by hand: not what the rules would accept from the console today.
  displayImage: 'demo/maria.jpg',
  phoneNumber: 2101234567,
});

describe('toFormValues', () => {
  it('shows every editable field as text, and nothing else', () => {
    expect(STORED.firstName).toBe('Μαρία');
    expect(STORED.phoneNumber).toBe('2101234567');
    expect(STORED.city).toBe('');
    expect(STORED).not.toHaveProperty('ownerUid');
    expect(STORED).not.toHaveProperty('username');
  });
});

describe('cardFormChanges', () => {
  it('saves nothing when nothing was touched, even a value the rules would refuse now', () => {
    expect(cardFormChanges(STORED, STORED, 'maria')).toEqual({ errors: {}, changes: {} });
  });

  it('saves only the changed fields, trimmed', () => {
    const result = cardFormChanges({ ...STORED, jobTitle: '  Πολεοδόμος ' }, STORED, 'maria');
    expect(result).toEqual({ errors: {}, changes: { jobTitle: 'Πολεοδόμος' } });
  });

  it('removes a field that was emptied', () => {
    expect(cardFormChanges({ ...STORED, jobTitle: '  ' }, STORED, 'maria').changes).toEqual({
      jobTitle: null,
    });
  });

  it('writes a link as the page links it, an http(s) URL', () => {
    const result = cardFormChanges(
      { ...STORED, facebookLink: 'facebook.com/maria' },
      STORED,
      'maria',
    );
    expect(result.changes).toEqual({ facebookLink: 'https://facebook.com/maria' });
  });

  it('refuses a link that is not http(s), with the Greek message of the rules', () => {
    const result = cardFormChanges(
      { ...STORED, websiteLink: 'javascript:alert(1)' },
      STORED,
      'maria',
    );
    expect(result).toEqual({ errors: { websiteLink: CARD_MESSAGES.link }, changes: {} });
  });

  it('keeps a site-relative image path and refuses a protocol-relative one', () => {
    expect(
      cardFormChanges({ ...STORED, displayImage: '/img/me.jpg' }, STORED, 'maria').changes,
    ).toEqual({
      displayImage: '/img/me.jpg',
    });
    expect(
      cardFormChanges({ ...STORED, displayImage: '//evil.example/x.jpg' }, STORED, 'maria').errors,
    ).toEqual({ displayImage: CARD_MESSAGES.image });
  });

  it('reports every invalid field at once', () => {
    const result = cardFormChanges(
      { ...STORED, email: 'maria@', phoneNumber: '69-12', city: 'α'.repeat(101) },
      STORED,
      'maria',
    );
    expect(result.errors).toEqual({
      email: CARD_MESSAGES.email,
      phoneNumber: CARD_MESSAGES.phone,
      city: CARD_MESSAGES.tooLong(100),
    });
  });
});
