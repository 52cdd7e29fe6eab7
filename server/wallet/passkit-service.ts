// Apple Wallet's PassKit web service, as Apple specifies it ("Wallet Passes web service",
// developer.apple.com), at the webServiceURL each pass names (apple-card-pass.ts): a device
// registers for a pass's pushes and unregisters, asks which of its passes changed since a tag,
// fetches a pass's latest version, and sends its logs. A pass's requests carry
// `Authorization: ApplePass <its token>`, refused 401 otherwise; a pass type that is not karta's is
// 404, as is everything while Apple Wallet is off. The app/api/passkit/v1/ routes call these.
import 'server-only';
import { env } from '../../lib/env';
import type { AppleWalletConfig } from '../../lib/wallet-env';
import { WALLET_PASS_ID_PATTERN } from '../../lib/wallet-pass-id';
import { adminDb } from '../firebase/admin-app';
import { latestPass, passAuthorized } from './apple-card-pass';
import { PKPASS_CONTENT_TYPE } from './apple-pass';
import { registerDevice, serialsUpdatedSince, servedPass, unregisterDevice } from './passkit-store';

/** Apple's device library identifiers are opaque; this bounds what is stored. */
const DEVICE_PATTERN = /^[A-Za-z0-9._-]{1,128}$/;
/** APNs device tokens are hex (64 digits today); the bound leaves room for longer ones. */
const PUSH_TOKEN_PATTERN = /^[0-9A-Fa-f]{16,200}$/;
/** A tag is the whole seconds passkit-store.ts writes. */
const TAG_PATTERN = /^\d{1,12}$/;
/** What a device's log request may hold: no more is read or printed. */
const LOG_BODY_MAX_CHARS = 16_384;
const LOG_LINES_MAX = 20;
const LOG_LINE_MAX_CHARS = 500;

const empty = (status: number) => new Response(null, { status });

/** The configuration, when Apple Wallet is on and `passTypeId` is karta's. */
function configFor(passTypeId: string): AppleWalletConfig | undefined {
  const config = env.appleWallet;
  return config?.passTypeId === passTypeId ? config : undefined;
}

/**
 * What is wrong with a request about one pass (its status), or undefined: 404 for another pass
 * type or none served by that serial, 401 without the pass's token.
 */
async function passRefusal(
  request: Request,
  passTypeId: string,
  serial: string,
): Promise<number | undefined> {
  if (!configFor(passTypeId)) return 404;
  if (!WALLET_PASS_ID_PATTERN.test(serial)) return 401;
  if (!passAuthorized(serial, request.headers.get('authorization'))) return 401;
  return undefined;
}

async function pushTokenOf(request: Request): Promise<string | undefined> {
  try {
    const body: unknown = await request.json();
    const token =
      body && typeof body === 'object' ? (body as { pushToken?: unknown }).pushToken : '';
    return typeof token === 'string' && PUSH_TOKEN_PATTERN.test(token) ? token : undefined;
  } catch {
    return undefined;
  }
}

/** A device's registration for one pass: …/devices/{device}/registrations/{passTypeId}/{serial}. */
export interface Registration {
  device: string;
  passTypeId: string;
  serial: string;
}

/** POST …/devices/{device}/registrations/{passTypeId}/{serial}: 201 new, 200 already registered. */
export async function register(
  request: Request,
  { device, passTypeId, serial }: Registration,
): Promise<Response> {
  const refusal = await passRefusal(request, passTypeId, serial);
  if (refusal) return empty(refusal);
  const pushToken = await pushTokenOf(request);
  if (!DEVICE_PATTERN.test(device) || !pushToken) return empty(400);
  const served = await servedPass(adminDb(), serial);
  if (!served) return empty(404);
  const created = await registerDevice(adminDb(), {
    device,
    serial,
    username: served.username,
    pushToken,
  });
  return empty(created ? 201 : 200);
}

/** DELETE …/devices/{device}/registrations/{passTypeId}/{serial}: 200. */
export async function unregister(
  request: Request,
  { device, passTypeId, serial }: Registration,
): Promise<Response> {
  const refusal = await passRefusal(request, passTypeId, serial);
  if (refusal) return empty(refusal);
  if (DEVICE_PATTERN.test(device)) await unregisterDevice(adminDb(), device, serial);
  return empty(200);
}

/** GET …/devices/{device}/registrations/{passTypeId}?passesUpdatedSince=tag: 200 or 204. */
export async function updatedSerials(
  request: Request,
  device: string,
  passTypeId: string,
): Promise<Response> {
  if (!configFor(passTypeId)) return empty(404);
  const since = new URL(request.url).searchParams.get('passesUpdatedSince');
  if (!DEVICE_PATTERN.test(device) || (since !== null && !TAG_PATTERN.test(since))) {
    return empty(400);
  }
  const updated = await serialsUpdatedSince(
    adminDb(),
    device,
    since === null ? undefined : Number(since),
  );
  if (!updated) return empty(204);
  return Response.json(updated, { headers: { 'cache-control': 'no-store' } });
}

/** GET …/passes/{passTypeId}/{serial}: the latest pass, Last-Modified its tag; 304 when not newer. */
export async function passNow(
  request: Request,
  passTypeId: string,
  serial: string,
): Promise<Response> {
  const refusal = await passRefusal(request, passTypeId, serial);
  const config = configFor(passTypeId);
  if (refusal || !config) return empty(refusal ?? 404);
  const served = await servedPass(adminDb(), serial);
  if (!served) return empty(404);
  const lastModified = served.updatedAt * 1000;
  const since = Date.parse(request.headers.get('if-modified-since') ?? '');
  const headers = {
    'last-modified': new Date(lastModified).toUTCString(),
    'cache-control': 'private, no-store',
  };
  if (!Number.isNaN(since) && since >= lastModified) {
    return new Response(null, { status: 304, headers });
  }
  const pass = await latestPass(config, serial, served);
  return new Response(new Uint8Array(pass), {
    headers: {
      ...headers,
      'content-type': PKPASS_CONTENT_TYPE,
      'content-length': String(pass.length),
    },
  });
}

/** POST …/log { logs }: the device's messages about karta's passes, printed (bounded). */
export async function deviceLog(request: Request): Promise<Response> {
  const text = await request.text();
  if (text.length > LOG_BODY_MAX_CHARS) {
    console.warn(`Apple Wallet log: ${text.length} characters, more than are read.`);
    return empty(200);
  }
  let logs: unknown;
  try {
    logs = (JSON.parse(text) as { logs?: unknown }).logs;
  } catch {
    return empty(400);
  }
  if (!Array.isArray(logs)) return empty(400);
  for (const line of logs.slice(0, LOG_LINES_MAX)) {
    console.warn('Apple Wallet log:', String(line).slice(0, LOG_LINE_MAX_CHARS));
  }
  return empty(200);
}
