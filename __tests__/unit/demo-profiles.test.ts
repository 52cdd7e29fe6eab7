// The demo cards (tools/data/demo-profiles.json, written by `npm run make-demo-assets`) are what
// the local stack, the e2e tests and the bench show: each must be a card an owner could save. The
// demo's company (tools/lib/demo-company.ts) must be one an admin could have made.
import { readFileSync } from 'node:fs';
import { parseTemplate } from '@/lib/company';
import { normaliseProfile, parseCardChanges } from '@/lib/profile';
import {
  DEMO_INVITE,
  DEMO_LOGO_FILE,
  DEMO_MEMBERS,
  DEMO_TEMPLATE,
  companyNote,
} from '@/tools/lib/demo-company';
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

describe('the demo company, «Studio Φως»', () => {
  it('has a template a save would accept, the address and the company name locked, the colour a default', () => {
    expect(parseTemplate(DEMO_TEMPLATE)).toEqual({ ok: true, template: DEMO_TEMPLATE });
    expect(DEMO_TEMPLATE.address?.locked).toBe(true);
    expect(DEMO_TEMPLATE.companyName).toEqual({ value: 'Studio Φως', locked: true });
    expect(DEMO_TEMPLATE.accentColor?.locked).toBe(false);
  });

  it('has Maria its one admin, and Kostas and Alice members, all demo cards', () => {
    expect(DEMO_MEMBERS).toEqual({ maria: 'admin', kostas: 'member', alice: 'member' });
    const usernames = PROFILES.map((p) => p.username);
    for (const username of Object.keys(DEMO_MEMBERS)) expect(usernames).toContain(username);
  });

  it('invites an address no demo owner has', () => {
    expect(DEMO_INVITE.email).toBe(DEMO_INVITE.email.toLowerCase());
    expect(DEMO_INVITE.email).not.toMatch(/@karta\.test$/);
  });

  it('has a logo a company could upload: a PNG of at most 100 KB', () => {
    const logo = readFileSync(DEMO_LOGO_FILE);
    expect(logo.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    expect(logo.length).toBeLessThanOrEqual(100 * 1024);
  });

  it('says who is admin in the owner lines', () => {
    const company = {
      id: 'studio-fos',
      name: 'Studio Φως',
      roles: new Map(Object.entries(DEMO_MEMBERS)),
      inviteToken: 'studio-fos.x',
    };
    expect(companyNote(company, 'maria')).toBe(' (admin of Studio Φως)');
    expect(companyNote(company, 'kostas')).toBe(' (member of Studio Φως)');
    expect(companyNote(company, 'nikos')).toBe('');
  });
});
