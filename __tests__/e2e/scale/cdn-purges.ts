// The CDN's copies after a change: one edit reaching the card in both its languages, an edit or an
// erasure whose purge the CDN refuses (the purge stand-in of stack.ts, told to refuse), and photos: a replaced or erased photo and its optimised
// copies leave the CDN; a photo is one object whatever its query, and made-up names cost no read.
import sharp from 'sharp';
import { cardChanged } from '@/server/card-stamp';
import { erasurePath, photoDocPath } from '@/lib/collections';
import { cardTag, profilePath } from '@/lib/routes';
import { CARD_VERSION_HEADER } from '@/server/cdn/tags';
import { ceiling, eventually, WAIT_MS } from '@/__tests__/helpers/eventually';
import type { ScaleContext } from './stack';

// Ceilings of a wait for a condition, generous for a loaded machine; how soon is printed.
const LIMIT_MS = WAIT_MS;
// Longer than the purge retries' longest wait (purge-ledger.ts) and the watcher's 30 s.
const RETRIED_LIMIT_MS = 120_000;
// Two waits of RETRIED_LIMIT_MS and two of LIMIT_MS.
const REFUSED_ERASURE_MS = ceiling(2 * RETRIED_LIMIT_MS + 2 * LIMIT_MS);
// Two waits of LIMIT_MS and one of RETRIED_LIMIT_MS.
const REFUSED_EDIT_MS = ceiling(2 * LIMIT_MS + RETRIED_LIMIT_MS);

interface Answer {
  status: number;
  body: Buffer;
  headers: Headers;
}

async function get(url: string): Promise<Answer> {
  const res = await fetch(url, {
    redirect: 'manual',
    signal: AbortSignal.timeout(ceiling(WAIT_MS)),
  });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}

export function cdnPurges(ctx: ScaleContext): void {
  const db = () => ctx.db;
  const viaCdn = (pathname: string) => get(`${ctx.stack.cdnUrl}${pathname}`);

  afterEach(() => {
    ctx.purges.refusing = false;
    expect(ctx.purges.malformed).toEqual([]);
  });

  /** Resolves with the ms until `check` holds; throws with the last answer after `limitMs`. */
  async function until(
    what: string,
    check: () => Promise<boolean>,
    limitMs = LIMIT_MS,
  ): Promise<number> {
    const since = Date.now();
    try {
      await eventually(check, { within: limitMs, what });
    } catch (error) {
      // What the CDN's side looked like first: a CI print keeps a failure's first lines.
      const health = await ctx.stack.varnish.backendHealth().catch(() => []);
      const sick = health.filter((b) => !b.healthy).map((b) => b.backend);
      throw new Error(
        `${(error as Error).message} (Varnish counts ${sick.length ? `${sick.join(', ')} sick` : 'every origin healthy'}; ` +
          `purges refused ${ctx.purges.refused}, accepted ${ctx.purges.accepted.length}); ` +
          `last lines: ${ctx.logs.slice(-8).join(' | ')}`,
      );
    }
    return Date.now() - since;
  }

  const showsViaCdn = (pathname: string, text: string) => async () =>
    (await viaCdn(pathname)).body.toString().includes(text);
  const statusViaCdn = (pathname: string, status: number) => async () =>
    (await viaCdn(pathname)).status === status;

  /** Requests it until Varnish answers from its cache. */
  async function cachedViaCdn(pathname: string): Promise<Answer> {
    let answer = await viaCdn(pathname);
    await until(`${pathname} cached by Varnish`, async () => {
      answer = await viaCdn(pathname);
      return answer.headers.get('x-cache') === 'HIT';
    });
    return answer;
  }

  const tombstoneExists = async (username: string) =>
    (await db().doc(erasurePath(username)).get()).exists;

  /** The owner's erasure, as the console commits it: card and photo gone, a tombstone left. */
  async function erase(username: string): Promise<void> {
    const batch = db().batch();
    batch.delete(db().doc(`users/${username}`));
    batch.delete(db().doc(photoDocPath(username)));
    batch.set(db().doc(erasurePath(username)), { at: new Date() });
    await batch.commit();
  }

  test('one edit shows on the Greek and the English card through Varnish: one tag purges both', async () => {
    const { purges } = ctx;
    const pages = [profilePath('maria'), profilePath('maria', 'en')];
    for (const pathname of pages) {
      const cached = await cachedViaCdn(pathname);
      expect([pathname, cached.status, cached.headers.get('surrogate-key')]).toEqual([
        pathname,
        200,
        cardTag('maria'),
      ]);
    }
    const before = (await db().doc('users/maria').get()).data()!;
    const stamp = Date.now().toString(36);
    const greek = `Αρχιτέκτονας ${stamp}`;
    const english = `Architect ${stamp}`;
    const purgedBefore = purges.purgesOf(cardTag('maria'));
    const edited = Date.now();
    await db()
      .doc('users/maria')
      .update({ jobTitle: greek, jobTitleEn: english, ...cardChanged() });
    try {
      await until('the edit on both cards through the CDN', async () => {
        const [el, en] = await Promise.all(pages.map(viaCdn));
        return el.body.toString().includes(greek) && en.body.toString().includes(english);
      });
      console.log(`both languages: the edit through the CDN in ${Date.now() - edited} ms`);
      expect(purges.purgesOf(cardTag('maria'))).toBeGreaterThan(purgedBefore);
      const [el, en] = await Promise.all(pages.map(viaCdn));
      expect(el.headers.get(CARD_VERSION_HEADER)).toBe(en.headers.get(CARD_VERSION_HEADER));
      expect(en.body.toString()).not.toContain(greek);
    } finally {
      await db()
        .doc('users/maria')
        .set({ ...before, ...cardChanged() });
    }
  });

  test(
    'an edit whose purge the CDN refuses reaches visitors once the CDN accepts again',
    async () => {
      const { purges, stack } = ctx;
      await cachedViaCdn('/kostas');
      const before = (await db().doc('users/kostas').get()).data()!;
      const jobTitle = `Σύμβουλος ${Date.now()}`;
      purges.refusing = true;
      const refusedBefore = purges.refused;
      await db()
        .doc('users/kostas')
        .update({ jobTitle, ...cardChanged() });
      try {
        // The origin has the edit; the CDN, whose purges are refused, keeps the old card.
        await until('the edit on the origins', async () => {
          const answers = await Promise.all(stack.origins.map((o) => get(`${o}/kostas`)));
          if (answers.every((a) => a.body.toString().includes(jobTitle))) return true;
          const seen = answers.map(
            (a) =>
              `${a.status} ${a.headers.get('x-nextjs-cache')} ${a.headers.get(CARD_VERSION_HEADER)}`,
          );
          throw new Error(`the origins answered ${seen.join(', ')}`);
        });
        await until('purges refused', async () => purges.refused >= refusedBefore + 6);
        expect((await viaCdn('/kostas')).body.toString()).not.toContain(jobTitle);
        purges.refusing = false;
        const ms = await until(
          'the edit through the CDN',
          showsViaCdn('/kostas', jobTitle),
          RETRIED_LIMIT_MS,
        );
        console.log(
          `purge retried: the edit through the CDN ${ms} ms after the CDN accepted again`,
        );
      } finally {
        await db()
          .doc('users/kostas')
          .set({ ...before, ...cardChanged() });
      }
    },
    REFUSED_EDIT_MS,
  );

  test(
    "an erasure's tombstone stays while the CDN refuses the card's purge, and goes once it is purged",
    async () => {
      const { purges } = ctx;
      const username = `erased-${process.pid}`;
      await db()
        .doc(`users/${username}`)
        .set({ firstName: 'Σβησμένη', lastName: 'Κάρτα', ...cardChanged() });
      await until('the new card through the CDN', showsViaCdn(`/${username}`, 'Σβησμένη'));
      await cachedViaCdn(`/${username}`);
      purges.refusing = true;
      const refusedBefore = purges.refused;
      await erase(username);
      // The watcher has revalidated it and asked again several times, each time refused.
      await until(
        'purges refused',
        async () => purges.refused >= refusedBefore + 8,
        RETRIED_LIMIT_MS,
      );
      expect(await tombstoneExists(username)).toBe(true);
      expect((await viaCdn(`/${username}`)).status).toBe(200);
      purges.refusing = false;
      const ms = await until(
        'the tombstone deleted',
        async () => !(await tombstoneExists(username)),
        RETRIED_LIMIT_MS,
      );
      console.log(`erasure: tombstone deleted ${ms} ms after the CDN accepted purges again`);
      // Deleted only once the CDN had dropped the card: its next answer is the 404.
      expect((await viaCdn(`/${username}`)).status).toBe(404);
    },
    REFUSED_ERASURE_MS,
  );

  describe('photos', () => {
    // A card of each test's own: an erasure's confirmation purges its card once more, later.
    let username = `photo-${process.pid}`;
    const photoPathOf = (version: string) => `/${username}/photo/${version}`;
    /** One optimised copy, as the card's srcset names it. */
    const optimisedOf = (version: string) =>
      `/_next/image?url=${encodeURIComponent(photoPathOf(version))}&w=640&q=75`;

    async function writePhoto(version: string, shade: number): Promise<void> {
      const bytes = await sharp({
        create: { width: 120, height: 90, channels: 3, background: { r: shade, g: 90, b: 160 } },
      })
        .jpeg()
        .toBuffer();
      const batch = db().batch();
      batch.set(db().doc(photoDocPath(username)), { bytes, contentType: 'image/jpeg', version });
      batch.set(db().doc(`users/${username}`), {
        firstName: 'Φωτεινή',
        displayImage: photoPathOf(version),
        ...cardChanged(),
      });
      await batch.commit();
    }

    /** Both the photo and its optimised copy, cached by Varnish, the copy under the card's tag. */
    async function cachePhoto(version: string): Promise<void> {
      await until('the photo through the CDN', statusViaCdn(photoPathOf(version), 200));
      for (const pathname of [photoPathOf(version), optimisedOf(version)]) {
        const cached = await cachedViaCdn(pathname);
        expect([pathname, cached.status, cached.headers.get('surrogate-key')]).toEqual([
          pathname,
          200,
          cardTag(username),
        ]);
      }
    }

    /** Ms until the photo and its copy answer 404 through the CDN, and on every origin. */
    async function untilGone(version: string, since: number): Promise<number> {
      const urls = [photoPathOf(version), optimisedOf(version)].flatMap((pathname) => [
        `${ctx.stack.cdnUrl}${pathname}`,
        ...ctx.stack.origins.map((origin) => `${origin}${pathname}`),
      ]);
      await until(`${version} gone`, async () =>
        (await Promise.all(urls.map(get))).every((answer) => answer.status === 404),
      );
      return Date.now() - since;
    }

    test('a replaced photo, then an erased one, and their optimised copies answer 404 through the CDN', async () => {
      await writePhoto('first', 40);
      await cachePhoto('first');
      const replaced = Date.now();
      await writePhoto('second', 200);
      console.log(
        `photo replaced: old photo and copy 404 everywhere in ${await untilGone('first', replaced)} ms`,
      );
      await cachePhoto('second');
      const erased = Date.now();
      await erase(username);
      console.log(
        `photo erased: photo and copy 404 everywhere in ${await untilGone('second', erased)} ms`,
      );
      await until('the tombstone deleted', async () => !(await tombstoneExists(username)));
    });

    test('a photo is one object whatever its query; made-up names and versions cost no read while cached', async () => {
      const { purges, relay, stack } = ctx;
      username = `photo-again-${process.pid}`;
      const acceptedBefore = purges.accepted.length;
      await writePhoto('third', 120);
      // Once the write's purge is done, nothing drops what is cached next.
      await until('the card purged after the write', async () =>
        purges.accepted
          .slice(acceptedBefore)
          .some((keys) => keys.split(' ').includes(cardTag(username))),
      );
      const plain = await cachedViaCdn(photoPathOf('third'));
      const madeUp = [
        `/nobody-${process.pid}/photo/x`,
        photoPathOf('not-shown'),
        '/maria/photo/not-shown',
      ];
      for (const pathname of madeUp) {
        expect((await viaCdn(pathname)).status).toBe(404);
      }
      // Firestore frozen (its answers held in the relay): whatever reaches an origin now and reads
      // fails (a 500 after the deadline). The 404s are kept 10 s: they are asked first.
      relay.hold();
      try {
        for (const pathname of madeUp) {
          for (let i = 0; i < 5; i++) {
            const answer = await viaCdn(pathname);
            expect([pathname, answer.status, answer.headers.get('x-cache')]).toEqual([
              pathname,
              404,
              'HIT',
            ]);
          }
        }
        for (let i = 0; i < 20; i++) {
          const answer = await viaCdn(`${photoPathOf('third')}?x=${i}&v=${process.pid}`);
          expect([i, answer.status, answer.headers.get('x-cache')]).toEqual([i, 200, 'HIT']);
          expect(answer.body.equals(plain.body)).toBe(true);
        }
        // On an origin itself, a query is sent to the bare path before anything is read.
        const redirected = await get(`${stack.origins[0]}${photoPathOf('third')}?x=1`);
        expect([redirected.status, redirected.headers.get('location')]).toEqual([
          308,
          photoPathOf('third'),
        ]);
      } finally {
        relay.release();
      }
    });
  });
}
