// How long a replaced or erased photo stays public through the CDN: a card of its own gets a photo
// (written as the server writes one: the photo document and the card naming its version, in one
// batch), the photo and its optimised copy are cached by the CDN, then the photo is replaced, and
// the new one erased (card, photo and a tombstone, as an erasure commits them). Each time, the ms
// from the write until both old URLs answer 404 through the CDN: the watcher's revalidation and
// the CDN's purge of the card's tag.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Firestore } from 'firebase-admin/firestore';
import sharp from 'sharp';
import { cardPath, erasurePath, photoDocPath } from '../../lib/collections';
import { photoPath } from '../../lib/routes';
import { cardChanged } from '../../server/card-stamp';
import { rawGet } from './http';

export interface PhotoPurgeResult {
  /** Commit of a new photo → the old photo and its optimised copy 404 through the CDN. */
  replacedMs: number;
  /** Commit of the erasure → the photo and its optimised copy 404 through the CDN. */
  erasedMs: number;
}

const POLL_MS = 50;
const LIMIT_MS = 60_000;

/** One optimised copy, as the card's srcset names it. */
const optimisedPath = (photo: string) => `/_next/image?url=${encodeURIComponent(photo)}&w=640&q=75`;

async function until(what: string, condition: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + LIMIT_MS;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${LIMIT_MS} ms`);
    await sleep(POLL_MS);
  }
}

const statuses = async (cdnUrl: string, paths: string[]) =>
  Promise.all(paths.map(async (pathname) => (await rawGet(`${cdnUrl}${pathname}`)).status));

export async function measurePhotoPurge(cdnUrl: string, db: Firestore): Promise<PhotoPurgeResult> {
  const username = `photo-bench-${Date.now().toString(36)}`;
  const pathsOf = (version: string) => {
    const photo = photoPath(username, version);
    return [photo, optimisedPath(photo)];
  };

  async function writePhoto(version: string, shade: number): Promise<void> {
    const bytes = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: shade, g: 90, b: 160 } },
    })
      .jpeg()
      .toBuffer();
    const batch = db.batch();
    batch.set(db.doc(photoDocPath(username)), { bytes, contentType: 'image/jpeg', version });
    batch.set(db.doc(cardPath(username)), {
      username,
      firstName: 'Φωτεινή',
      lastName: 'Μετρήσεων',
      displayImage: photoPath(username, version),
      ...cardChanged(),
    });
    await batch.commit();
  }

  /** The photo and its copy served through the CDN twice, so that the CDN holds both. */
  async function cache(version: string): Promise<void> {
    await until(`${version} served`, async () =>
      (await statuses(cdnUrl, pathsOf(version))).every((status) => status === 200),
    );
    await statuses(cdnUrl, pathsOf(version));
  }

  async function msUntilGone(version: string, since: number): Promise<number> {
    await until(`${version} gone`, async () =>
      (await statuses(cdnUrl, pathsOf(version))).every((status) => status === 404),
    );
    return Date.now() - since;
  }

  await writePhoto('firstbenchphoto1', 40);
  await cache('firstbenchphoto1');
  const replaced = Date.now();
  await writePhoto('secondbenchphot2', 200);
  const replacedMs = await msUntilGone('firstbenchphoto1', replaced);
  await cache('secondbenchphot2');
  const erased = Date.now();
  const batch = db.batch();
  batch.delete(db.doc(cardPath(username)));
  batch.delete(db.doc(photoDocPath(username)));
  batch.set(db.doc(erasurePath(username)), { at: new Date() });
  await batch.commit();
  const erasedMs = await msUntilGone('secondbenchphot2', erased);
  return { replacedMs, erasedMs };
}
