// The owner's requests' bodies, read up to a limit (a photo and every field fit far below it):
// JSON, or multipart form data with a JSON part and the photo's bytes.
import 'server-only';
import { PHOTO_MAX_BYTES } from '../../lib/card-photo';
import { THUMBNAIL_MAX_CHARS } from '../../lib/profile';
import { readCappedBytes } from '../request-body';
import { OwnerError, badField } from './respond';

/** The photo, its vCard thumbnail, every other field and the multipart framing. */
export const MAX_BODY_BYTES = PHOTO_MAX_BYTES + THUMBNAIL_MAX_CHARS + 64 * 1024;

const TOO_LARGE = new OwnerError(413, { error: 'too-large' });

/** The body's bytes, or a 413 beyond MAX_BODY_BYTES. */
export async function readCapped(request: Request): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = await readCappedBytes(request, MAX_BODY_BYTES);
  if (!bytes) throw TOO_LARGE;
  return bytes;
}

export function parseJson(text: string, part: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badField(part, 'Το αίτημα δεν είναι έγκυρο JSON');
  }
}

/** A JSON body. */
export async function readJson(request: Request): Promise<unknown> {
  return parseJson(new TextDecoder().decode(await readCapped(request)), 'body');
}

export interface EditBody {
  changes: unknown;
  photo?: File;
}

/** Whether a body of this Content-Type is form data (multipart). */
export function isMultipart(type: string): boolean {
  return type.toLowerCase().startsWith('multipart/form-data');
}

/** Multipart form data of Content-Type `type`, or a 400. */
export async function parseForm(bytes: Uint8Array<ArrayBuffer>, type: string): Promise<FormData> {
  try {
    return await new Response(bytes, { headers: { 'content-type': type } }).formData();
  } catch {
    throw badField('body', 'Το αίτημα δεν είναι έγκυρο');
  }
}

/**
 * An edit: JSON `{ changes }`, or form data whose `changes` part is that JSON and whose optional
 * `photo` part is the photo's file.
 */
export async function readEdit(request: Request): Promise<EditBody> {
  const type = request.headers.get('content-type') ?? '';
  const bytes = await readCapped(request);
  if (!isMultipart(type)) {
    const body = parseJson(new TextDecoder().decode(bytes), 'body');
    return { changes: (body as { changes?: unknown } | null)?.changes };
  }
  const form = await parseForm(bytes, type);
  const changes = form.get('changes');
  const photo = form.get('photo');
  if (typeof changes !== 'string') throw badField('changes', 'Λείπουν οι αλλαγές');
  if (photo !== null && typeof photo === 'string') throw badField('photo', 'Η φωτογραφία λείπει');
  return { changes: parseJson(changes, 'changes'), ...(photo ? { photo } : {}) };
}
