// A company's OIDC client secret at rest: sealed with AES-256-GCM under a key derived (HKDF) from
// REVALIDATE_SECRET, the server's one secret, so that a Firestore export or a leaked backup alone
// does not give it away, and the key needs no setting of its own (lib/env.ts refuses a real
// project without REVALIDATE_SECRET). The emulator's demo- projects without it use a fixed key:
// nothing in them is real. Webhook endpoints' signing secrets are sealed the same way under a key
// of their own (purpose 'webhook'). No 'server-only': the daemon opens webhook secrets outside
// Next (as card-stamp.ts).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { env } from '../../lib/env';

/** What each derived key is for: another use of REVALIDATE_SECRET derives another one. */
const HKDF_INFO = {
  sso: 'karta/sso/client-secret/v1',
  webhook: 'karta/webhooks/secret/v1',
  passkit: 'karta/passkit/authentication-token/v1',
} as const;

/** Whose secret: a company's OIDC client secret, or a webhook endpoint's signing secret. */
export type SealPurpose = keyof typeof HKDF_INFO;
const DEMO_KEY_MATERIAL = 'karta-demo-only';
const IV_BYTES = 12;

export interface SealedSecret {
  iv: string;
  tag: string;
  data: string;
}

/** The key derived for `purpose` (also the HMAC key of Apple passes' authentication tokens). */
export function key(purpose: SealPurpose): Buffer {
  const material = env.revalidateSecret ?? (env.isDemoProject ? DEMO_KEY_MATERIAL : undefined);
  if (!material) throw new Error('REVALIDATE_SECRET is not set: a secret cannot be sealed.');
  return Buffer.from(hkdfSync('sha256', material, '', HKDF_INFO[purpose], 32));
}

/**
 * `secret` sealed under `aad` (the company's id, the endpoint's id: a sealed secret copied to
 * another company or endpoint fails).
 */
export function sealSecret(
  secret: string,
  aad: string,
  purpose: SealPurpose = 'sso',
): SealedSecret {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key(purpose), iv).setAAD(Buffer.from(aad));
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return {
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
}

/** The secret, or a thrown error when it was sealed under another key, purpose or `aad`. */
export function openSecret(
  sealed: SealedSecret,
  aad: string,
  purpose: SealPurpose = 'sso',
): string {
  const decipher = createDecipheriv('aes-256-gcm', key(purpose), Buffer.from(sealed.iv, 'base64'))
    .setAAD(Buffer.from(aad))
    .setAuthTag(Buffer.from(sealed.tag, 'base64'));
  return Buffer.concat([
    decipher.update(Buffer.from(sealed.data, 'base64')),
    decipher.final(),
  ]).toString('utf8');
}

export function isSealedSecret(value: unknown): value is SealedSecret {
  const fields = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return (
    typeof fields.iv === 'string' &&
    typeof fields.tag === 'string' &&
    typeof fields.data === 'string'
  );
}
