// The demo cards (tools/data/demo-profiles.json, written by `npm run make-demo-assets`) are what
// the local stack, the e2e tests and the bench show: each must be a card an owner could save.
import { readFileSync } from 'node:fs';
import { normaliseProfile, parseCardChanges } from '@/lib/profile';
import { DEMO_PROFILES_FILE } from '@/tools/lib/paths';

type DemoProfile = Record<string, unknown> & { username: string };

const PROFILES = JSON.parse(readFileSync(DEMO_PROFILES_FILE, 'utf8')) as DemoProfile[];

/**
 * Values typed the way the seed's documents were, which the card reads but the owner's form would
 * not store: a thumbnail with its `data:` prefix, which the vCard must strip.
 */
const HAND_TYPED: Readonly<Record<string, readonly string[]>> = { eleni: ['thumbnailBase64'] };

describe.each(PROFILES.map((profile) => [profile.username, profile] as const))(
  'the demo card %s',
  (username, profile) => {
    it('holds only fields and values an owner could save (links included)', () => {
      const saved = Object.fromEntries(
        Object.entries(profile).filter(
          ([field]) => field !== 'username' && !HAND_TYPED[username]?.includes(field),
        ),
      );
      expect(parseCardChanges(saved, username, { removals: false, part: 'card' })).toEqual({
        ok: true,
        changes: saved,
      });
    });

    it('shows every link it stores, in its order, and no remote image', () => {
      const card = normaliseProfile(username, profile);
      expect(card.links).toEqual(profile.links);
      expect(card.displayImage).toBe(profile.displayImage);
      if (profile.displayImage !== undefined) expect(profile.displayImage).toMatch(/^\/demo\//);
    });
  },
);

test('at least two demo cards show links, and each of the mobile number and the colour', () => {
  const withField = (field: string) => PROFILES.filter((p) => p[field] !== undefined).length;
  expect(withField('links')).toBeGreaterThanOrEqual(2);
  expect(withField('accentColor')).toBeGreaterThanOrEqual(2);
  expect(withField('mobileNumber')).toBeGreaterThanOrEqual(1);
  const kinds = PROFILES.flatMap((p) => (p.links as { kind: string }[] | undefined) ?? []).map(
    (link) => link.kind,
  );
  // A plain link with an owner's label, beside brand links.
  expect(kinds).toContain('link');
  expect(new Set(kinds).size).toBeGreaterThanOrEqual(4);
});
