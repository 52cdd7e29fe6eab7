import {
  cardFormChanges,
  englishPlaceholders,
  isFormErrorField,
  languagesShowing,
  linkLabelEnPlaceholder,
  newLinkDraft,
  previewProfile,
  toFormValues,
  withoutLinkErrors,
  type LinkDraft,
} from '@/browser/owner/card-form';
import { LINK_LABEL_MAX, LINK_MESSAGES, MAX_LINKS, type LinkKind } from '@/lib/card-links';
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

  it("takes only the brand's pages for Facebook and Instagram, and one line of text", () => {
    const result = cardFormChanges(
      {
        ...STORED,
        facebookLink: 'http://evil.example/login',
        instagramLink: 'evil.example/instagram',
        jobTitle: 'Αρχιτέκτονας\nΜηχανικός',
        companyName: 'Studio \u202EΦως',
      },
      STORED,
      'maria',
    );
    expect(result).toEqual({
      errors: {
        facebookLink: LINK_MESSAGES.https,
        instagramLink: LINK_MESSAGES.notKind('Instagram'),
        jobTitle: CARD_MESSAGES.text,
        companyName: CARD_MESSAGES.text,
      },
      changes: {},
    });
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

describe('links', () => {
  const WITH_LINKS = toFormValues({
    firstName: 'Μαρία',
    links: [
      { kind: 'linkedin', url: 'https://www.linkedin.com/in/maria' },
      { kind: 'link', url: 'https://maria.gr/shop', label: ' Κατάστημα ' },
      // Made by hand, and not YouTube's: the card shows it as a plain link, and so does the form.
      { kind: 'youtube', url: 'https://example.com/x' },
      // Made by hand, not https: the card drops it, and so does the form.
      { kind: 'youtube', url: 'http://www.youtube.com/@maria' },
    ],
  });
  const draft = (kind: LinkKind, url: string, label = ''): LinkDraft => ({
    ...newLinkDraft(kind),
    url,
    label,
  });

  it('shows the links the card shows, in their order, each with its own id', () => {
    expect(WITH_LINKS.links.map(({ kind, url, label }) => ({ kind, url, label }))).toEqual([
      { kind: 'linkedin', url: 'https://www.linkedin.com/in/maria', label: '' },
      { kind: 'link', url: 'https://maria.gr/shop', label: 'Κατάστημα' },
      { kind: 'link', url: 'https://example.com/x', label: 'example.com' },
    ]);
    expect(new Set(WITH_LINKS.links.map((link) => link.id)).size).toBe(3);
    expect(STORED.links).toEqual([]);
  });

  it('sends nothing for links that were not changed', () => {
    expect(cardFormChanges(WITH_LINKS, WITH_LINKS, 'maria')).toEqual({ errors: {}, changes: {} });
  });

  it('sends the whole list, in its new order, when one is added or moved', () => {
    const [linkedin, shop] = WITH_LINKS.links;
    const added = draft('github', ' github.com/maria ');
    const result = cardFormChanges(
      { ...WITH_LINKS, links: [shop, added, linkedin] },
      WITH_LINKS,
      'maria',
    );
    expect(result).toEqual({
      errors: {},
      changes: {
        links: [
          { kind: 'link', url: 'https://maria.gr/shop', label: 'Κατάστημα' },
          { kind: 'github', url: 'https://github.com/maria' },
          { kind: 'linkedin', url: 'https://www.linkedin.com/in/maria' },
        ],
      },
    });
  });

  it('removes the field when the last link is removed', () => {
    expect(cardFormChanges({ ...WITH_LINKS, links: [] }, WITH_LINKS, 'maria').changes).toEqual({
      links: null,
    });
  });

  it('judges each link beside its address and its label, in Greek', () => {
    const result = cardFormChanges(
      {
        ...STORED,
        links: [
          draft('linkedin', 'https://www.youtube.com/@maria'),
          draft('link', 'http://maria.gr/'),
          draft('link', 'https://maria.gr/', 'α'.repeat(LINK_LABEL_MAX + 1)),
          draft('tiktok', ''),
          draft('x', 'https://x.com/maria', 'X'),
        ],
      },
      STORED,
      'maria',
    );
    expect(result).toEqual({
      errors: {
        'links.0.url': LINK_MESSAGES.notKind('LinkedIn'),
        'links.1.url': LINK_MESSAGES.https,
        'links.1.label': LINK_MESSAGES.labelMissing,
        'links.2.label': LINK_MESSAGES.labelTooLong,
        'links.3.url': LINK_MESSAGES.https,
      },
      changes: {},
    });
  });

  it('keeps a link’s English label, saves it trimmed, removes it emptied, and judges it like a label', () => {
    const stored = toFormValues({
      links: [{ kind: 'link', url: 'https://maria.gr/', label: 'Έργα', labelEn: 'Work' }],
    });
    expect(stored.links[0]).toMatchObject({ label: 'Έργα', labelEn: 'Work' });
    expect(cardFormChanges(stored, stored, 'maria')).toEqual({ errors: {}, changes: {} });
    const typed = (labelEn: string) => ({ ...stored, links: [{ ...stored.links[0], labelEn }] });
    expect(cardFormChanges(typed(' Projects '), stored, 'maria').changes).toEqual({
      links: [{ kind: 'link', url: 'https://maria.gr/', label: 'Έργα', labelEn: 'Projects' }],
    });
    expect(cardFormChanges(typed('  '), stored, 'maria').changes).toEqual({
      links: [{ kind: 'link', url: 'https://maria.gr/', label: 'Έργα' }],
    });
    expect(cardFormChanges(typed('Wo\u202erk'), stored, 'maria')).toEqual({
      errors: { 'links.0.labelEn': LINK_MESSAGES.labelControl },
      changes: {},
    });
    expect(cardFormChanges(typed('a'.repeat(LINK_LABEL_MAX + 1)), stored, 'maria').errors).toEqual({
      'links.0.labelEn': LINK_MESSAGES.labelTooLong,
    });
    expect(isFormErrorField('links.0.labelEn')).toBe(true);
  });

  it('shows, where the English label is empty, what the English card writes', () => {
    expect(linkLabelEnPlaceholder(draft('link', 'https://maria.gr/', ' Κατάστημα '))).toBe(
      'Katastima',
    );
    expect(linkLabelEnPlaceholder(draft('linkedin', 'https://www.linkedin.com/in/m'))).toBe(
      'LinkedIn',
    );
    expect(linkLabelEnPlaceholder(draft('link', 'https://maria.gr/'))).toBe('');
  });

  it(`refuses more than ${MAX_LINKS} links`, () => {
    const links = Array.from({ length: MAX_LINKS + 1 }, (_, i) =>
      draft('github', `https://github.com/maria${i}`),
    );
    expect(cardFormChanges({ ...STORED, links }, STORED, 'maria').errors).toEqual({
      links: LINK_MESSAGES.tooMany,
    });
  });

  it('names the fields a server refusal can point at', () => {
    expect(isFormErrorField('links.3.url')).toBe(true);
    expect(isFormErrorField('links')).toBe(true);
    expect(isFormErrorField('mobileNumber')).toBe(true);
    expect(isFormErrorField('links.x')).toBe(false);
    expect(isFormErrorField('photo')).toBe(false);
    expect(withoutLinkErrors({ city: 'a', 'links.0.url': 'b', links: 'c' })).toEqual({ city: 'a' });
  });
});

describe('mobile number and colour', () => {
  it('saves a mobile number by the phone rule', () => {
    expect(cardFormChanges({ ...STORED, mobileNumber: ' 691 234 5678 ' }, STORED, 'maria')).toEqual(
      { errors: {}, changes: { mobileNumber: '691 234 5678' } },
    );
    expect(cardFormChanges({ ...STORED, mobileNumber: '69-12' }, STORED, 'maria').errors).toEqual({
      mobileNumber: CARD_MESSAGES.phone,
    });
  });

  it('stores a colour in lower case, and removes it for the default', () => {
    expect(cardFormChanges({ ...STORED, accentColor: '#1E88E5' }, STORED, 'maria').changes).toEqual(
      { accentColor: '#1e88e5' },
    );
    const coloured = { ...STORED, accentColor: '#1e88e5' };
    expect(cardFormChanges({ ...coloured, accentColor: '' }, coloured, 'maria').changes).toEqual({
      accentColor: null,
    });
    expect(cardFormChanges({ ...STORED, accentColor: 'blue' }, STORED, 'maria').errors).toEqual({
      accentColor: CARD_MESSAGES.color,
    });
  });
});

describe('languagesShowing', () => {
  const stored = toFormValues({
    firstName: 'Μαρία',
    links: [{ kind: 'link', url: 'https://maria.gr/', label: 'Έργα', labelEn: 'Work' }],
  });
  const links = [{ kind: 'link' as const, url: 'https://maria.gr/', label: 'Έργα' }];
  it('is Greek for a change the Greek card shows, and both for English words', () => {
    expect(languagesShowing({ jobTitle: 'Αρχιτέκτονας' }, stored)).toEqual(['el']);
    expect(languagesShowing({ jobTitleEn: 'Architect' }, stored)).toEqual(['el', 'en']);
    expect(languagesShowing({ cityEn: null }, stored)).toEqual(['el', 'en']);
    expect(
      languagesShowing({ links: [{ ...links[0], label: 'Δουλειά', labelEn: 'Work' }] }, stored),
    ).toEqual(['el']);
    expect(languagesShowing({ links }, stored)).toEqual(['el', 'en']);
    // Links with no English label: the Greek card shows every change of theirs.
    const plain = toFormValues({ links });
    expect(
      languagesShowing(
        { links: [...links, { kind: 'github', url: 'https://github.com/m' }] },
        plain,
      ),
    ).toEqual(['el']);
    expect(languagesShowing({ links: null }, plain)).toEqual(['el']);
    expect(languagesShowing({ links: null }, stored)).toEqual(['el', 'en']);
  });
});

describe('englishPlaceholders', () => {
  it('is each Greek field of the card as shown, in Latin letters, and never the owner’s English', () => {
    expect(
      englishPlaceholders({
        username: 'maria',
        firstName: 'Μαρία',
        lastName: 'Παπαδοπούλου',
        lastNameEn: 'Papadopoulos',
        city: 'Θεσσαλονίκη',
        address: 'Ερμού 10',
      }),
    ).toEqual({
      firstNameEn: 'Maria',
      lastNameEn: 'Papadopoulou',
      jobTitleEn: '',
      companyNameEn: '',
      cityEn: 'Thessaloniki',
      addressEn: 'Ermou 10',
      addressDetailsEn: '',
    });
  });
});

describe('previewProfile', () => {
  it('is the card the unsaved values make, leaving out what the card would not show', () => {
    const profile = previewProfile(
      {
        ...STORED,
        lastName: ' Παπά ',
        mobileNumber: '691 234 5678',
        accentColor: '#1E88E5',
        instagramLink: 'javascript:alert(1)',
        links: [
          { ...newLinkDraft('github'), url: 'github.com/maria' },
          { ...newLinkDraft('link'), url: 'https://maria.gr/' },
        ],
      },
      'maria',
    );
    expect(profile).toMatchObject({
      username: 'maria',
      firstName: 'Μαρία',
      lastName: 'Παπά',
      mobileNumber: '691 234 5678',
      accentColor: '#1e88e5',
      links: [{ kind: 'github', url: 'https://github.com/maria' }],
    });
    expect(profile).not.toHaveProperty('instagramLink');
    expect(profile).not.toHaveProperty('thumbnailBase64');
  });
});
