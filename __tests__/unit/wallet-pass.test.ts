// The wallet passes (lib/wallet-pass.ts, server/wallet/): the .pkpass unzipped, its manifest's
// SHA-1s and its detached PKCS#7 signature checked with openssl against the stand-in chain; the
// Google save link's JWT verified with jose against the stand-in service account's key.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeJwt, importSPKI, jwtVerify } from 'jose';
import sharp from 'sharp';
import { cardSummary } from '@/lib/card-summary';
import { applyCompany } from '@/lib/company';
import { normaliseProfile } from '@/lib/profile';
import { photoPath, walletUrl } from '@/lib/routes';
import { appleWalletConfig, googleWalletConfig } from '@/lib/wallet-env';
import { walletPass } from '@/lib/wallet-pass';
import { passOf as passIn } from '@/server/wallet/wallet-links';
import { applePass, readSigning, voidedApplePass } from '@/server/wallet/apple-pass';
import { GOOGLE_SAVE_URL, googleSaveUrl } from '@/server/wallet/google-save';
import { walletPassId } from '@/lib/wallet-pass-id';
import { ensureCommand } from '@/tools/lib/system-packages';
import {
  TEST_SERVICE_ACCOUNT_EMAIL,
  makeWalletTestChain,
  type WalletTestChain,
} from '@/tools/lib/wallet-test-chain';
import { HOSTILE_PROFILES } from '../fixtures/profiles';
import { MARIA_DOCUMENT, PHOTO_VERSION } from '../helpers/complete-card';

// A company name with what a pass's JSON and markup must carry as text.
const maria = normaliseProfile('maria', {
  ...MARIA_DOCUMENT,
  companyName: 'Studio Φως & <Συνεργάτες> "ΑΕ"',
});

let chain: WalletTestChain;
let work: string;
let photo: Buffer;
const unzip = () => ensureCommand('unzip', 'unzip');
const openssl = () => ensureCommand('openssl', 'openssl');

beforeAll(async () => {
  chain = makeWalletTestChain();
  work = mkdtempSync(path.join(tmpdir(), 'karta-pass-test-'));
  photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c04020' } })
    .jpeg()
    .toBuffer();
});

afterAll(() => {
  chain.remove();
  rmSync(work, { recursive: true, force: true });
});

const apple = () => {
  const config = appleWalletConfig(chain.env);
  if (!config) throw new Error('the test chain configures Apple Wallet');
  return config;
};
const google = () => {
  const config = googleWalletConfig(chain.env);
  if (!config) throw new Error('the test chain configures Google Wallet');
  return config;
};

interface Unzipped {
  dir: string;
  files: string[];
  json: (name: string) => Record<string, unknown>;
}

let unzips = 0;
function unzipped(pkpass: Buffer): Unzipped {
  const dir = path.join(work, `pass-${(unzips += 1)}`);
  const file = `${dir}.pkpass`;
  writeFileSync(file, pkpass);
  execFileSync(unzip(), ['-q', file, '-d', dir]);
  return {
    dir,
    files: readdirSync(dir).sort(),
    json: (name) =>
      JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Record<string, unknown>,
  };
}

/** `openssl smime -verify` of the detached signature over manifest.json, against the chain's CA. */
function verifySignature(dir: string): void {
  execFileSync(
    openssl(),
    ['smime', '-verify', '-binary', '-inform', 'DER', '-in', path.join(dir, 'signature')]
      .concat(['-content', path.join(dir, 'manifest.json'), '-CAfile', chain.caFile])
      .concat(['-purpose', 'any', '-out', '/dev/null']),
    { stdio: 'pipe' },
  );
}

/** What apple-card-pass.ts gives each pass: the web service and the pass's own token. */
const SERVICE = {
  webServiceURL: 'http://localhost:3000/api/passkit',
  authenticationToken: 'token-of-this-pass-0123456789',
};

async function passOf(profile = maria, withPhoto: Buffer | null = photo): Promise<Unzipped> {
  return unzipped(
    await applePass(
      walletPass(cardSummary(profile)),
      withPhoto,
      await readSigning(apple()),
      SERVICE,
    ),
  );
}

describe('the Apple Wallet pass', () => {
  it('is a generic pass of the card: name, role, back, colours and the wallet QR code', async () => {
    const pass = await passOf();
    const json = pass.json('pass.json');
    expect(json).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.gr.karta.demo',
      teamIdentifier: 'KARTADEMO1',
      serialNumber: 'maria',
      organizationName: 'karta',
      backgroundColor: 'rgb(10, 124, 85)',
      foregroundColor: 'rgb(255, 255, 255)',
      labelColor: 'rgb(255, 255, 255)',
      ...SERVICE,
    });
    expect(json).not.toHaveProperty('voided');
    const generic = json.generic as Record<string, Array<Record<string, string>>>;
    expect(generic.primaryFields).toEqual([
      expect.objectContaining({ key: 'name', value: 'Μαρία Παπαδοπούλου' }),
    ]);
    expect(generic.secondaryFields.map((field) => field.value)).toEqual([
      'Αρχιτέκτονας',
      'Studio Φως & <Συνεργάτες> "ΑΕ"',
    ]);
    expect(generic.backFields.map((field) => [field.key, field.value])).toEqual([
      ['phone', '210 123 4567'],
      ['email', 'maria@example.gr'],
      ['website', 'https://studio-fos.gr/'],
      ['card', 'http://localhost:3000/maria'],
    ]);
    expect(json.barcodes).toEqual([
      expect.objectContaining({ format: 'PKBarcodeFormatQR', message: walletUrl('maria') }),
    ]);
    expect(walletUrl('maria')).toBe('http://localhost:3000/maria?src=wallet');
  });

  it('voided: signed, marked voided, naming the web service, and nothing of the card', async () => {
    const pass = unzipped(
      await voidedApplePass(
        '0123456789abcdef0123456789abcdef',
        'el',
        await readSigning(apple()),
        SERVICE,
      ),
    );
    verifySignature(pass.dir);
    const json = pass.json('pass.json');
    expect(json).toMatchObject({
      serialNumber: '0123456789abcdef0123456789abcdef',
      voided: true,
      description: 'Ψηφιακή κάρτα που δεν ισχύει πια',
      ...SERVICE,
    });
    expect(json).not.toHaveProperty('barcodes');
    expect(readdirSync(pass.dir).filter((name) => name.startsWith('thumbnail'))).toEqual([]);
  });

  it("in English: the English card's words, labels and address, a pass of its own", async () => {
    const english = { ...maria, jobTitleEn: 'Architect' };
    const pass = unzipped(
      await applePass(passIn(english, 'en'), null, await readSigning(apple()), SERVICE),
    );
    verifySignature(pass.dir);
    const json = pass.json('pass.json');
    expect(json).toMatchObject({
      serialNumber: 'maria/en',
      description: "Maria Papadopoulou's digital business card",
    });
    const generic = json.generic as Record<string, Array<Record<string, string>>>;
    expect(generic.primaryFields[0].value).toBe('Maria Papadopoulou');
    expect(generic.secondaryFields.map((field) => [field.label, field.value])).toEqual([
      ['Title', 'Architect'],
      ['Company', 'Studio Fos & <Synergates> "AE"'],
    ]);
    expect(generic.backFields.map((field) => [field.label, field.value])).toEqual([
      ['Phone', '210 123 4567'],
      ['Email', 'maria@example.gr'],
      ['Website', 'https://studio-fos.gr/'],
      ['My card', 'http://localhost:3000/maria/en'],
    ]);
    expect(json.barcodes).toEqual([
      expect.objectContaining({ message: 'http://localhost:3000/maria/en?src=wallet' }),
    ]);
    expect(walletUrl('maria', 'en')).toBe('http://localhost:3000/maria/en?src=wallet');
    // The Greek pass of the same card is the card as stored, under the card's own serial.
    expect(passIn(english, 'el')).toMatchObject({
      serial: 'maria',
      name: 'Μαρία Παπαδοπούλου',
      secondary: [
        expect.objectContaining({ label: 'Θέση', value: 'Αρχιτέκτονας' }),
        expect.anything(),
      ],
    });
  });

  it('lists every file in its manifest with its SHA-1, and its signature verifies', async () => {
    const pass = await passOf();
    expect(pass.files).toEqual(
      expect.arrayContaining(['pass.json', 'manifest.json', 'signature', 'icon.png']),
    );
    const manifest = pass.json('manifest.json') as Record<string, string>;
    const signed = pass.files.filter((name) => name !== 'manifest.json' && name !== 'signature');
    expect(Object.keys(manifest).sort()).toEqual(signed);
    for (const name of signed) {
      const sha1 = createHash('sha1')
        .update(readFileSync(path.join(pass.dir, name)))
        .digest('hex');
      expect([name, manifest[name]]).toEqual([name, sha1]);
    }
    verifySignature(pass.dir);
    // The check can fail: a changed manifest no longer matches its signature.
    writeFileSync(path.join(pass.dir, 'manifest.json'), JSON.stringify({ ...manifest, x: '0' }));
    expect(() => verifySignature(pass.dir)).toThrow();
  });

  it('carries the photo as its thumbnail at 1x, 2x and 3x, and none without a photo', async () => {
    const pass = await passOf();
    const sides = await Promise.all(
      ['thumbnail.png', 'thumbnail@2x.png', 'thumbnail@3x.png'].map(async (name) => {
        const meta = await sharp(readFileSync(path.join(pass.dir, name))).metadata();
        return [meta.format, meta.width, meta.height];
      }),
    );
    expect(sides).toEqual([
      ['png', 90, 90],
      ['png', 180, 180],
      ['png', 270, 270],
    ]);
    const without = await passOf({ ...maria, displayImage: undefined }, null);
    expect(without.files.filter((name) => name.startsWith('thumbnail'))).toEqual([]);
    verifySignature(without.dir);
  });

  it('keeps a member card’s company values and a 60-letter name whole', async () => {
    const longName = 'Α'.repeat(30);
    const member = applyCompany(
      { ...maria, firstName: longName, lastName: 'Β'.repeat(30), companyName: undefined },
      {
        id: 'acme',
        name: 'Acme & "Co" <ΑΕ>',
        template: { phoneNumber: { value: '2109999999', locked: true } },
      },
    );
    const json = (await passOf(member)).json('pass.json');
    const generic = json.generic as Record<string, Array<Record<string, string>>>;
    expect(generic.primaryFields[0].value).toBe(`${longName} ${'Β'.repeat(30)}`);
    expect(generic.secondaryFields.map((field) => field.value)).toContain('Acme & "Co" <ΑΕ>');
    expect(generic.backFields[0].value).toBe('2109999999');
  });

  it.each(HOSTILE_PROFILES.map((raw) => [raw.username, raw] as const))(
    '%s gives a signed pass whose texts are the card’s own and whose links are safe',
    async (username, raw) => {
      const profile = normaliseProfile(username, raw);
      const pass = await passOf(profile, null);
      verifySignature(pass.dir);
      const json = pass.json('pass.json');
      const generic = json.generic as Record<string, Array<Record<string, string>>>;
      expect(generic.primaryFields[0].value).toBe(cardSummary(profile).name);
      const values = Object.values(generic)
        .flat()
        .map((field) => field.value);
      expect(values.filter((value) => /javascript:|evil\.example/i.test(value))).toEqual([]);
      expect(json.barcodes).toEqual([expect.objectContaining({ message: walletUrl(username) })]);
    },
  );
});

describe('the Google Wallet save link', () => {
  const claim = { ownerUid: 'uid-maria', claimedAt: Date.UTC(2026, 0, 5) };
  const mariaId = walletPassId('maria', 'el', claim);
  async function verified(profile = maria) {
    const url = await googleSaveUrl(walletPass(cardSummary(profile)), mariaId, google());
    expect(url.startsWith(GOOGLE_SAVE_URL)).toBe(true);
    const jwt = url.slice(GOOGLE_SAVE_URL.length);
    const key = await importSPKI(chain.googlePublicKey, 'RS256');
    const { payload, protectedHeader } = await jwtVerify(jwt, key, {
      issuer: TEST_SERVICE_ACCOUNT_EMAIL,
      audience: 'google',
    });
    expect(protectedHeader.alg).toBe('RS256');
    return payload as Record<string, unknown> & {
      payload: { genericObjects: Array<Record<string, unknown>>; genericClasses: unknown[] };
    };
  }

  it('is a JWT signed RS256 by the service account, carrying the generic class and object', async () => {
    const claims = await verified();
    expect(claims).toMatchObject({ typ: 'savetowallet', origins: ['http://localhost:3000'] });
    const [object] = claims.payload.genericObjects;
    expect(claims.payload.genericClasses).toEqual([{ id: '3388000000099999999.karta-card' }]);
    expect(object).toMatchObject({
      id: `3388000000099999999.${mariaId}`,
      classId: '3388000000099999999.karta-card',
      state: 'ACTIVE',
      header: { defaultValue: { language: 'el', value: 'Μαρία Παπαδοπούλου' } },
      subheader: { defaultValue: { language: 'el', value: 'Αρχιτέκτονας' } },
      hexBackgroundColor: '#0a7c55',
      barcode: { type: 'QR_CODE', value: walletUrl('maria') },
      logo: { sourceUri: { uri: `http://localhost:3000${photoPath('maria', PHOTO_VERSION)}` } },
    });
    expect(object.textModulesData).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ header: 'Εταιρεία', body: 'Studio Φως & <Συνεργάτες> "ΑΕ"' }),
        expect.objectContaining({ header: 'Τηλέφωνο', body: '210 123 4567' }),
      ]),
    );
  });

  it("in English: the English card's texts, tagged en, its own object and the English address", async () => {
    const englishId = walletPassId('maria', 'en', claim);
    const english = passIn({ ...maria, firstNameEn: 'Mary' }, 'en');
    const url = await googleSaveUrl(english, englishId, google());
    const key = await importSPKI(chain.googlePublicKey, 'RS256');
    const { payload } = await jwtVerify(url.slice(GOOGLE_SAVE_URL.length), key);
    const [object] = (payload as { payload: { genericObjects: Array<Record<string, unknown>> } })
      .payload.genericObjects;
    expect(object).toMatchObject({
      id: `3388000000099999999.${englishId}`,
      header: { defaultValue: { language: 'en', value: 'Mary Papadopoulou' } },
      subheader: { defaultValue: { language: 'en', value: 'Architektonas' } },
      barcode: { type: 'QR_CODE', value: walletUrl('maria', 'en') },
    });
    expect(object.textModulesData).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ header: 'Company', body: 'Studio Fos & <Synergates> "AE"' }),
        expect.objectContaining({ header: 'My card', body: 'http://localhost:3000/maria/en' }),
      ]),
    );
  });

  it('has no logo without a photo, and fails verification under another key', async () => {
    const claims = await verified({ ...maria, displayImage: undefined });
    expect(claims.payload.genericObjects[0].logo).toBeUndefined();
    const url = await googleSaveUrl(walletPass(cardSummary(maria)), mariaId, google());
    const other = makeWalletTestChain();
    try {
      const key = await importSPKI(other.googlePublicKey, 'RS256');
      await expect(jwtVerify(url.slice(GOOGLE_SAVE_URL.length), key)).rejects.toThrow();
    } finally {
      other.remove();
    }
  });

  it.each(HOSTILE_PROFILES.map((raw) => [raw.username, raw] as const))(
    '%s gives an object id Google accepts and the card’s own texts',
    async (username, raw) => {
      const profile = normaliseProfile(username, raw);
      const url = await googleSaveUrl(walletPass(cardSummary(profile)), mariaId, google());
      const claims = decodeJwt(url.slice(GOOGLE_SAVE_URL.length)) as {
        payload: { genericObjects: Array<{ id: string; header: unknown; barcode: unknown }> };
      };
      const [object] = claims.payload.genericObjects;
      expect(object.id).toMatch(/^\d+\.[A-Za-z0-9._-]+$/);
      expect(object.header).toEqual({
        defaultValue: { language: 'el', value: cardSummary(profile).name },
      });
      expect(object.barcode).toEqual({
        type: 'QR_CODE',
        value: walletUrl(username),
        alternateText: '',
      });
    },
  );
});
