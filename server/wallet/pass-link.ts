// The Apple Wallet pass's download link: the pass is served only to the card's owner, and a
// browser that adds a pass to Wallet (Safari on an iPhone, the Mail app) opens a plain link, with
// no sign-in token to send. So the server gives the signed-in owner, and mails them on a claim, a
// link signed for that card, that owner, the pass's language and a time limit (HMAC-SHA256,
// compared in constant time). A card erased and claimed by someone else, an expired link, or one
// whose language was changed, no longer opens.
//
// Its key is derived (HKDF) from the pass signer's private key, the one secret every Apple Wallet
// configuration already holds: no second secret to configure, rotate or leak.
import 'server-only';
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { AppleWalletConfig } from '../../lib/wallet-env';
import {
  DEFAULT_LANGUAGE,
  applePassPath,
  isCardLanguage,
  type CardLanguage,
} from '../../lib/routes';
import { env } from '../../lib/env';

/** How long a link opens: long enough for the welcome mail to be read late. */
export const PASS_LINK_TTL_S = 30 * 24 * 60 * 60;
export const PASS_LINK_EXPIRES_PARAM = 'exp';
export const PASS_LINK_SIGNATURE_PARAM = 'sig';
/** The pass's language (lib/routes.ts CARD_LANGUAGES); absent for the Greek pass. */
export const PASS_LINK_LANGUAGE_PARAM = 'lang';

async function linkKey(config: AppleWalletConfig): Promise<Buffer> {
  const signerKey = await readFile(config.signerKeyFile);
  return Buffer.from(hkdfSync('sha256', signerKey, 'karta', 'karta pass link', 32));
}

function signature(
  key: Buffer,
  username: string,
  ownerUid: string,
  expires: number,
  lang: CardLanguage,
): Buffer {
  // The Greek pass's message has no language line, so that links mailed before there were
  // languages still open.
  const language = lang === DEFAULT_LANGUAGE ? '' : `\n${lang}`;
  return createHmac('sha256', key)
    .update(`${username}\n${ownerUid}\n${expires}${language}`)
    .digest();
}

/** The language of the pass a link asks for: Greek without one, null for no card's language. */
export function passLinkLanguage(url: URL): CardLanguage | null {
  const lang = url.searchParams.get(PASS_LINK_LANGUAGE_PARAM) ?? DEFAULT_LANGUAGE;
  return isCardLanguage(lang) ? lang : null;
}

/** The link that serves `username`'s pass in `lang` to `ownerUid` until `now` + PASS_LINK_TTL_S. */
export async function passLink(
  config: AppleWalletConfig,
  username: string,
  ownerUid: string,
  now = Date.now(),
  lang: CardLanguage = DEFAULT_LANGUAGE,
): Promise<string> {
  const expires = Math.floor(now / 1000) + PASS_LINK_TTL_S;
  const url = new URL(applePassPath(username), env.siteUrl);
  if (lang !== DEFAULT_LANGUAGE) url.searchParams.set(PASS_LINK_LANGUAGE_PARAM, lang);
  url.searchParams.set(PASS_LINK_EXPIRES_PARAM, String(expires));
  url.searchParams.set(
    PASS_LINK_SIGNATURE_PARAM,
    signature(await linkKey(config), username, ownerUid, expires, lang).toString('base64url'),
  );
  return url.href;
}

/**
 * Whether `url` is a link passLink made for this card, owner and language (passLinkLanguage), not
 * yet expired at `now`.
 */
export async function passLinkValid(
  config: AppleWalletConfig,
  url: URL,
  username: string,
  ownerUid: string,
  now = Date.now(),
): Promise<boolean> {
  const expiresText = url.searchParams.get(PASS_LINK_EXPIRES_PARAM) ?? '';
  const given = Buffer.from(url.searchParams.get(PASS_LINK_SIGNATURE_PARAM) ?? '', 'base64url');
  const lang = passLinkLanguage(url);
  if (lang === null) return false;
  if (!/^\d{1,12}$/.test(expiresText) || Number(expiresText) * 1000 < now) return false;
  const expected = signature(await linkKey(config), username, ownerUid, Number(expiresText), lang);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
