// The company's last SCIM requests, for its admins beside their directory's own provisioning log
// (the console's «Συγχρονισμός καταλόγου»): time, method, path, status and, for a refusal, its
// scimType and detail; of the person only the userName. Never the token or a body. Written after
// the answer is sent, and trimmed to the newest LOG_SIZE as it grows.
import 'server-only';
import { Timestamp } from 'firebase-admin/firestore';
import { scimLogPath } from '../../lib/collections';
import { SCIM_BASE_PATH, type ScimLogEntry } from '../../lib/scim';
import { adminDb } from '../firebase/admin-app';

export const LOG_SIZE = 50;

const cut = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** What the log keeps of `response`: a refusal's type and detail, a user's userName. */
async function outcome(response: Response): Promise<Partial<ScimLogEntry>> {
  try {
    const body = (await response.json()) as Record<string, unknown>;
    const text = (key: string) => (typeof body[key] === 'string' ? cut(body[key]) : undefined);
    return Object.fromEntries(
      Object.entries({
        scimType: text('scimType'),
        detail: response.status >= 400 ? text('detail') : undefined,
        userName: text('userName'),
      }).filter(([, value]) => value !== undefined),
    );
  } catch {
    return {};
  }
}

/** The path as the log shows it: below /scim/v2, with a list's filter (which names a userName). */
function shownPath(request: Request): string {
  const url = new URL(request.url);
  const path = url.pathname.slice(url.pathname.indexOf(SCIM_BASE_PATH) + SCIM_BASE_PATH.length);
  const filter = url.searchParams.get('filter');
  return cut(filter ? `${path}?filter=${filter}` : path || '/');
}

export async function logScimRequest(
  companyId: string,
  request: Request,
  response: Response,
): Promise<void> {
  try {
    const log = adminDb().collection(scimLogPath(companyId));
    await log.add({
      at: Timestamp.now(),
      method: request.method,
      path: shownPath(request),
      status: response.status,
      ...(await outcome(response)),
    });
    const old = await log.orderBy('at', 'desc').offset(LOG_SIZE).select().get();
    if (old.empty) return;
    const batch = adminDb().batch();
    for (const doc of old.docs) batch.delete(doc.ref);
    await batch.commit();
  } catch (error) {
    console.error(`Logging a SCIM request of ${companyId} failed:`, error);
  }
}

/** The newest entries first, for the console. */
export async function readScimLog(companyId: string): Promise<ScimLogEntry[]> {
  const found = await adminDb()
    .collection(scimLogPath(companyId))
    .orderBy('at', 'desc')
    .limit(LOG_SIZE)
    .get();
  return found.docs.map((doc) => {
    const { at, ...rest } = doc.data() as Omit<ScimLogEntry, 'at'> & { at: Timestamp };
    return { ...rest, at: at.toDate().toISOString() };
  });
}
