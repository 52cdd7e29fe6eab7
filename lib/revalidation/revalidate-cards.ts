import 'server-only';
import { revalidatePath } from 'next/cache';
import { cardPaths } from '../routes';

/** Regenerates every page rendered from these profiles. */
export function revalidateCards(usernames: string[]): void {
  for (const username of usernames) {
    for (const path of cardPaths(username)) revalidatePath(path);
  }
}
