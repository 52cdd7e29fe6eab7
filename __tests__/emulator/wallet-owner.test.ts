// The wallets from the owner's side, through karta's own routes (helpers/company-api.ts) on the
// emulators: the console's links (owner only), the pass served for a signed link and built from
// the card as stored now, the refusals, both wallets off without configuration, and the welcome
// mail a claim queues (its QR code read back from the PNG).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeJwt } from 'jose';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { cardPath } from '@/lib/collections';
import { env } from '@/lib/env';
import { applePassPath, qrCodeUrl, walletUrl } from '@/lib/routes';
import { passClaimOf, walletPassId } from '@/lib/wallet-pass-id';
import { adminDb } from '@/server/firebase/admin-app';
import { GOOGLE_SAVE_URL } from '@/server/wallet/google-save';
import { GET as links } from '@/app/api/owner/cards/[username]/wallet/route';
import { GET as pass } from '@/app/api/wallet/[username]/route';
import { ensureCommand } from '@/tools/lib/system-packages';
import { makeWalletTestChain, type WalletTestChain } from '@/tools/lib/wallet-test-chain';
import { account, send, type Account } from '../helpers/company-api';
import { claimCard, companyApiFile } from '../helpers/company-api-file';

const PROJECT = 'demo-karta-wallet';
let chain: WalletTestChain;
let work: string;
let eleni: Account;
let other: Account;

companyApiFile(PROJECT);

beforeAll(async () => {
  chain = makeWalletTestChain();
  work = mkdtempSync(path.join(tmpdir(), 'karta-wallet-owner-'));
  Object.assign(process.env, chain.env);
  [eleni, other] = await Promise.all([account('eleni@wallet.test'), account('other@wallet.test')]);
  expect(await claimCard(eleni, 'eleni', { firstName: 'Ελένη', lastName: 'Ζαφειρίου' })).toBe(201);
});

afterAll(() => {
  chain.remove();
  rmSync(work, { recursive: true, force: true });
});

const linksOf = (who: Account | undefined, username = 'eleni', query = '') =>
  send(
    links,
    `/api/owner/cards/${username}/wallet${query}`,
    { username },
    {
      method: 'GET',
      ...(who ? { token: who.token } : {}),
    },
  );

async function fetchPass(link: string) {
  const url = new URL(link);
  const res = await pass(new Request(url), {
    params: Promise.resolve({ username: decodeURIComponent(url.pathname.split('/')[3]) }),
  });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

let unzips = 0;
/** pass.json of a .pkpass, after `openssl smime -verify` of its signature against the chain. */
function verifiedPassJson(bytes: Buffer): Record<string, unknown> {
  const dir = path.join(work, `pass-${(unzips += 1)}`);
  writeFileSync(`${dir}.pkpass`, bytes);
  execFileSync(ensureCommand('unzip', 'unzip'), ['-q', `${dir}.pkpass`, '-d', dir]);
  execFileSync(
    ensureCommand('openssl', 'openssl'),
    ['smime', '-verify', '-binary', '-inform', 'DER', '-in', path.join(dir, 'signature')]
      .concat(['-content', path.join(dir, 'manifest.json'), '-CAfile', chain.caFile])
      .concat(['-purpose', 'any', '-out', '/dev/null']),
    { stdio: 'pipe' },
  );
  return JSON.parse(readFileSync(path.join(dir, 'pass.json'), 'utf8')) as Record<string, unknown>;
}

const passName = (json: Record<string, unknown>) =>
  (json.generic as { primaryFields: Array<{ value: string }> }).primaryFields[0].value;

test('the owner gets both links; another account, no token and no card are refused', async () => {
  const answer = await linksOf(eleni);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  const body = answer.body as { apple: string; google: string };
  expect(body.apple).toMatch(
    new RegExp(
      `^${new URL(applePassPath('eleni'), env.siteUrl).href.replace(/[.?]/g, '\\$&')}\\?exp=\\d+&sig=[\\w-]+$`,
    ),
  );
  expect(body.google).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
  expect((await linksOf(other)).status).toBe(403);
  expect((await linksOf(undefined)).status).toBe(401);
  expect((await linksOf(other, 'nobody-here')).status).toBe(404);
});

test('the signed link serves the pass as the card is stored now, signed; a changed link is refused in Greek', async () => {
  const { apple } = (await linksOf(eleni)).body as { apple: string };
  const first = await fetchPass(apple);
  expect(first.res.status).toBe(200);
  expect(first.res.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
  expect(first.res.headers.get('cache-control')).toBe('private, no-store');
  const json = verifiedPassJson(first.bytes);
  expect(passName(json)).toBe('Ελένη Ζαφειρίου');
  expect(json.barcodes).toEqual([expect.objectContaining({ message: walletUrl('eleni') })]);

  // The same link, after the card changed: the pass is built from the card as stored.
  await adminDb().doc(cardPath('eleni')).update({ lastName: 'Ζαφειρίου-Νέα' });
  expect(passName(verifiedPassJson((await fetchPass(apple)).bytes))).toBe('Ελένη Ζαφειρίου-Νέα');

  const forged = new URL(apple);
  forged.searchParams.set('sig', `${forged.searchParams.get('sig')?.slice(0, -2)}AA`);
  const refused = await fetchPass(forged.href);
  expect(refused.res.status).toBe(403);
  expect(refused.bytes.toString('utf8')).toContain('Ο σύνδεσμος δεν ισχύει πια');
});

test("the English card's links: a pass in English, signed for its language; no other language", async () => {
  await adminDb().doc(cardPath('eleni')).update({
    lastName: 'Ζαφειρίου',
    jobTitle: 'Μηχανικός',
    jobTitleEn: 'Engineer',
  });
  const answer = await linksOf(eleni, 'eleni', '?lang=en');
  expect(answer.status).toBe(200);
  const { apple, google } = answer.body as { apple: string; google: string };
  expect(new URL(apple).searchParams.get('lang')).toBe('en');
  const english = await fetchPass(apple);
  expect(english.res.status).toBe(200);
  const json = verifiedPassJson(english.bytes);
  expect(passName(json)).toBe('Eleni Zafeiriou');
  // A pass of its own: the English pass's id for this claim (lib/wallet-pass-id.ts).
  const card = await adminDb().doc(cardPath('eleni')).get();
  expect(json).toMatchObject({
    serialNumber: walletPassId('eleni', 'en', passClaimOf(card.data())),
  });
  expect((json.generic as { secondaryFields: unknown }).secondaryFields).toEqual([
    expect.objectContaining({ label: 'Title', value: 'Engineer' }),
  ]);
  expect(json.barcodes).toEqual([expect.objectContaining({ message: walletUrl('eleni', 'en') })]);
  const object = (
    decodeJwt(google.slice(GOOGLE_SAVE_URL.length)) as {
      payload: { genericObjects: Array<{ header: unknown; barcode: { value: string } }> };
    }
  ).payload.genericObjects[0];
  expect(object.header).toEqual({ defaultValue: { language: 'en', value: 'Eleni Zafeiriou' } });
  expect(object.barcode.value).toBe(walletUrl('eleni', 'en'));

  // The English link made Greek is refused; the Greek link still serves the Greek pass.
  const greekOfEnglish = new URL(apple);
  greekOfEnglish.searchParams.delete('lang');
  expect((await fetchPass(greekOfEnglish.href)).res.status).toBe(403);
  const { apple: greek } = (await linksOf(eleni)).body as { apple: string };
  expect(passName(verifiedPassJson((await fetchPass(greek)).bytes))).toMatch(/^Ελένη /);

  const unknown = await linksOf(eleni, 'eleni', '?lang=fr');
  expect(unknown).toMatchObject({ status: 400, body: { field: 'lang' } });
});

test('a link stops opening once the card belongs to someone else', async () => {
  const { apple } = (await linksOf(eleni)).body as { apple: string };
  await adminDb().doc(cardPath('eleni')).update({ ownerUid: other.uid });
  try {
    expect((await fetchPass(apple)).res.status).toBe(403);
  } finally {
    await adminDb().doc(cardPath('eleni')).update({ ownerUid: eleni.uid });
  }
  expect((await fetchPass(apple)).res.status).toBe(200);
});

test('without configuration: no links, and the pass route answers 404', async () => {
  const { apple } = (await linksOf(eleni)).body as { apple: string };
  const saved = { ...process.env };
  for (const name of Object.keys(chain.env)) delete process.env[name];
  try {
    expect(await linksOf(eleni)).toMatchObject({ status: 200, body: {} });
    expect((await fetchPass(apple)).res.status).toBe(404);
  } finally {
    process.env = saved;
  }
});

test('a claim queues one welcome mail: the card’s address, its QR code, and both wallet links', async () => {
  const mails = await adminDb().collection('outbox').where('to', '==', 'eleni@wallet.test').get();
  expect(mails.size).toBe(1);
  const mail = mails.docs[0].data();
  expect(mail.subject).toBe('Η ψηφιακή σας κάρτα στην karta είναι έτοιμη');
  expect(mail.text).toContain(`${env.siteUrl.origin}/eleni`);
  expect(mail.text).toMatch(/Apple Wallet[^\n]*\n\S+\/api\/wallet\/eleni\?exp=\d+&sig=/);
  expect(mail.text).toMatch(/Google Wallet:\nhttps:\/\/pay\.google\.com\/gp\/v\/save\//);
  expect(mail.html).toContain('src="cid:card-qr"');
  const [qr] = mail.attachments as Array<{ cid: string; contentType: string; content: string }>;
  expect(qr).toMatchObject({ cid: 'card-qr', contentType: 'image/png' });
  const { data, info } = await sharp(Buffer.from(qr.content, 'base64'))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(qrCodeUrl('eleni'));
  // Its Apple link opens the pass.
  const apple = /\S+\/api\/wallet\/eleni\?\S+/.exec(mail.text as string)?.[0] ?? '';
  expect((await fetchPass(apple)).res.status).toBe(200);
});
