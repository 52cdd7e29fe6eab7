// A card's links (lib/card-links.ts): each kind's addresses, and the one judgement of a list that
// the console's form and karta's server share (lib/profile.ts parseCardChanges).
import {
  LINK_KINDS,
  LINK_KIND_INFO,
  LINK_MESSAGES,
  MAX_LINKS,
  linkName,
  linkUrlProblem,
  linksProblem,
  type LinkKind,
} from '@/lib/card-links';
import { parseCardChanges } from '@/lib/profile';

// Spelled out, not read from LINK_KINDS: stored documents carry these names (docs/data.md), so a
// kind added, renamed or dropped there fails here until it is meant.
test('the kinds the issue names, and a plain link', () => {
  expect([...LINK_KINDS].sort()).toEqual(
    [
      'linkedin',
      'tiktok',
      'x',
      'youtube',
      'telegram',
      'messenger',
      'threads',
      'github',
      'behance',
      'pinterest',
      'spotify',
      'googlemaps',
      'tripadvisor',
      'booking',
      'airbnb',
      'calendly',
      'link',
    ].sort(),
  );
});

describe('each kind takes its own https pages', () => {
  it.each<[LinkKind, string]>([
    ['linkedin', 'https://www.linkedin.com/in/maria-papadopoulou'],
    ['linkedin', 'https://gr.linkedin.com/company/studio-fos'],
    ['tiktok', 'https://www.tiktok.com/@maria'],
    ['x', 'https://x.com/maria'],
    ['x', 'https://twitter.com/maria'],
    ['youtube', 'https://www.youtube.com/@maria'],
    ['youtube', 'https://youtu.be/dQw4w9WgXcQ'],
    ['telegram', 'https://t.me/maria'],
    ['messenger', 'https://m.me/maria'],
    ['threads', 'https://www.threads.net/@maria'],
    ['github', 'https://github.com/maria'],
    ['behance', 'https://www.behance.net/maria'],
    ['pinterest', 'https://www.pinterest.com/maria/'],
    ['pinterest', 'https://gr.pinterest.com/maria/'],
    ['pinterest', 'https://www.pinterest.co.uk/maria/'],
    ['spotify', 'https://open.spotify.com/artist/1'],
    ['googlemaps', 'https://www.google.com/maps/place/Studio'],
    ['googlemaps', 'https://www.google.gr/maps/place/Studio'],
    ['googlemaps', 'https://maps.app.goo.gl/abc123'],
    ['googlemaps', 'https://goo.gl/maps/abc'],
    ['tripadvisor', 'https://www.tripadvisor.com.gr/Restaurant_Review-g1'],
    ['tripadvisor', 'https://www.tripadvisor.com/Hotel_Review-g1'],
    ['booking', 'https://www.booking.com/hotel/gr/fos.el.html'],
    ['airbnb', 'https://www.airbnb.gr/rooms/123'],
    ['airbnb', 'https://www.airbnb.gr/rooms/1'],
    ['airbnb', 'https://www.airbnb.com/rooms/123'],
    ['airbnb', 'https://www.airbnb.co.uk/rooms/123'],
    ['tripadvisor', 'https://www.tripadvisor.co.uk/Hotel_Review-g1'],
    ['googlemaps', 'https://www.google.com.cy/maps/place/Studio'],
    ['googlemaps', 'https://maps.google.gr/maps?q=Studio'],
    ['calendly', 'https://calendly.com/maria/30min'],
    ['link', 'https://shop.example.gr/'],
  ])('%s accepts %s', (kind, url) => {
    expect(linkUrlProblem(kind, url)).toBeNull();
  });

  it.each<[LinkKind, string, string]>([
    ['linkedin', 'http://www.linkedin.com/in/maria', LINK_MESSAGES.https],
    ['linkedin', 'https://www.linkedin.com/', LINK_MESSAGES.notKind('LinkedIn')],
    ['linkedin', 'https://linkedin.com.evil.example/in/maria', LINK_MESSAGES.notKind('LinkedIn')],
    ['linkedin', 'https://evillinkedin.com/in/maria', LINK_MESSAGES.notKind('LinkedIn')],
    ['x', 'https://github.com/maria', LINK_MESSAGES.notKind('X')],
    ['googlemaps', 'https://www.google.com/search?q=x', LINK_MESSAGES.notKind('Google Maps')],
    ['googlemaps', 'https://goo.gl/abc', LINK_MESSAGES.notKind('Google Maps')],
    ['airbnb', 'https://airbnb.evil.example/rooms/1', LINK_MESSAGES.notKind('Airbnb')],
    ['airbnb', 'https://www.airbnb.evil/rooms/1', LINK_MESSAGES.notKind('Airbnb')],
    ['tripadvisor', 'https://tripadvisor.com.evil.gr/x', LINK_MESSAGES.notKind('Tripadvisor')],
    // A brand's name under a top-level domain it does not run is anyone's to register.
    ['airbnb', 'https://airbnb.zz/x', LINK_MESSAGES.notKind('Airbnb')],
    ['airbnb', 'https://www.airbnb.com.zz/rooms/1', LINK_MESSAGES.notKind('Airbnb')],
    ['airbnb', 'https://www.airbnb.co.zz/rooms/1', LINK_MESSAGES.notKind('Airbnb')],
    ['tripadvisor', 'https://www.tripadvisor.zz/x', LINK_MESSAGES.notKind('Tripadvisor')],
    ['pinterest', 'https://www.pinterest.zz/maria/', LINK_MESSAGES.notKind('Pinterest')],
    ['googlemaps', 'https://www.google.zz/maps/place/x', LINK_MESSAGES.notKind('Google Maps')],
    ['googlemaps', 'https://maps.google.zz/x', LINK_MESSAGES.notKind('Google Maps')],
    ['link', 'javascript:alert(1)', LINK_MESSAGES.https],
    ['link', 'https://user@evil.example/', LINK_MESSAGES.https],
    ['link', 'https://σελίδα.gr/', LINK_MESSAGES.https],
    ['link', `https://example.gr/${'a'.repeat(500)}`, LINK_MESSAGES.urlTooLong],
    ['link', '', LINK_MESSAGES.https],
  ])('%s refuses %s', (kind, url, message) => {
    expect(linkUrlProblem(kind, url)).toBe(message);
  });

  it('names every kind, in Greek for the plain link', () => {
    for (const kind of LINK_KINDS) expect(LINK_KIND_INFO[kind].name).not.toBe('');
    expect(linkName({ kind: 'link', url: 'https://a.gr/', label: 'E-shop' })).toBe('E-shop');
    expect(linkName({ kind: 'github', url: 'https://github.com/a' })).toBe('GitHub');
  });
});

describe('linksProblem: a list as an owner saves it', () => {
  const github = { kind: 'github', url: 'https://github.com/maria' };

  it('takes up to 12 well-formed links, none included', () => {
    expect(linksProblem([])).toBeNull();
    expect(linksProblem(Array.from({ length: MAX_LINKS }, () => github))).toBeNull();
    expect(linksProblem(Array.from({ length: MAX_LINKS + 1 }, () => github))).toEqual({
      error: LINK_MESSAGES.tooMany,
    });
  });

  it.each<[unknown, object]>([
    [{ 0: github }, { error: LINK_MESSAGES.notList }],
    [[github, 'https://github.com/x'], { index: 1, error: LINK_MESSAGES.notItem }],
    [[{ ...github, icon: '/x.svg' }], { index: 0, error: LINK_MESSAGES.notItem }],
    [[{ kind: 'myspace', url: 'https://myspace.com/a' }], { index: 0, part: 'kind' }],
    [[github, { kind: 'x', url: 'https://github.com/a' }], { index: 1, part: 'url' }],
    [[{ kind: 'link', url: 'https://a.gr/' }], { index: 0, part: 'label' }],
    [[{ kind: 'link', url: 'https://a.gr/', label: '   ' }], { index: 0, part: 'label' }],
    [[{ kind: 'link', url: 'https://a.gr/', label: 'α'.repeat(31) }], { index: 0, part: 'label' }],
    [[{ kind: 'link', url: 'https://a.gr/', label: 'a\nb' }], { index: 0, part: 'label' }],
    // A right-to-left override would show 'Shopexe.pdf' for 'Shop' + U+202E + 'fdp.exe'.
    [
      [{ kind: 'link', url: 'https://a.gr/', label: 'Shop\u202Efdp.exe' }],
      { index: 0, part: 'label' },
    ],
    [
      [{ kind: 'github', url: 'https://github.com/a', label: 'a\u2066b' }],
      { index: 0, part: 'label' },
    ],
    [[{ kind: 'link', url: 'https://a.gr/', label: 'a\u2028b' }], { index: 0, part: 'label' }],
    [[{ kind: 'github', url: 'https://github.com/a', label: 42 }], { index: 0, part: 'label' }],
  ])('%j → %j', (value, expected) => {
    expect(linksProblem(value)).toMatchObject(expected);
  });

  it('a 30-character label, emoji counted once, is fine', () => {
    expect(
      linksProblem([{ kind: 'link', url: 'https://a.gr/', label: '😀'.repeat(30) }]),
    ).toBeNull();
  });
});

describe('the server reads links with the same rules', () => {
  const edit = (raw: unknown) =>
    parseCardChanges(raw, 'maria', { removals: true, part: 'changes' });

  it('takes a list, and an empty one removes the field', () => {
    const links = [{ kind: 'github', url: 'https://github.com/maria' }];
    expect(edit({ links })).toEqual({ ok: true, changes: { links } });
    expect(edit({ links: [] })).toEqual({ ok: true, changes: { links: null } });
    expect(edit({ links: null })).toEqual({ ok: true, changes: { links: null } });
  });

  it('a claim with an empty list stores no field at all', () => {
    const claim = (raw: unknown) =>
      parseCardChanges(raw, 'maria', { removals: false, part: 'fields' });
    expect(claim({ firstName: 'Μαρία', links: [] })).toEqual({
      ok: true,
      changes: { firstName: 'Μαρία' },
    });
    expect(claim({ links: null })).toMatchObject({ ok: false, field: 'links' });
  });

  it('names the link and the part that is wrong', () => {
    expect(
      edit({
        links: [
          { kind: 'github', url: 'https://github.com/maria' },
          { kind: 'x', url: 'https://github.com/maria' },
        ],
      }),
    ).toEqual({ ok: false, field: 'links.1.url', error: LINK_MESSAGES.notKind('X') });
    expect(edit({ links: 'https://github.com/maria' })).toEqual({
      ok: false,
      field: 'links',
      error: LINK_MESSAGES.notList,
    });
  });

  it('takes a mobile number and an accent colour, by the phone and colour rules', () => {
    expect(edit({ mobileNumber: '+30 691 234 5678', accentColor: '#1a73e8' }).ok).toBe(true);
    expect(edit({ mobileNumber: '69x' })).toMatchObject({ ok: false, field: 'mobileNumber' });
    expect(edit({ accentColor: '#1A73E8' })).toMatchObject({ ok: false, field: 'accentColor' });
    expect(edit({ accentColor: 'red' })).toMatchObject({ ok: false, field: 'accentColor' });
  });

  it('no longer takes the seed icon addresses', () => {
    expect(edit({ facebookIcon: '/icons/facebook.svg' })).toMatchObject({
      ok: false,
      field: 'facebookIcon',
    });
  });
});
