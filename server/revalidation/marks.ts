// A card's pages marked stale on this origin (and, through a shared cache, on all), and how long a
// render begun before a mark can still store its page.
import 'server-only';
import { revalidateTag } from 'next/cache';
import { NEXT_CACHE_IMPLICIT_TAG_ID } from 'next/dist/lib/constants';
import { env } from '../../lib/env';

// Rendering a card and storing it takes well under this once its read has answered.
const RENDER_MARGIN_MS = 2000;

/** The longest a render begun before a mark can go on: its read's deadline, then the rest. */
export function renderBoundMs(): number {
  return env.firestoreReadTimeoutMs + RENDER_MARGIN_MS;
}

// revalidatePath expires a page at once, so the next request must regenerate it, and with
// Firestore unreachable that request fails. Marking the path's implicit tag stale ('max') keeps
// the last good page served while a regeneration is tried. Next has no public call that marks a
// path stale, so the tag is built from Next's own constant rather than a copy of it.
export function markStale(path: string): void {
  revalidateTag(`${NEXT_CACHE_IMPLICIT_TAG_ID}${path}`, 'max');
}
