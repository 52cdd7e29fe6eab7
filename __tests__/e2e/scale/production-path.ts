// The production path, every part real: an edit made with firebase-admin reaches both origins
// and Varnish; cards created and deleted after the build; no other spelling of an address serves
// a card; Redis stopped, an origin killed, Firestore frozen and down.
import { cardChanged } from '@/server/card-stamp';
import { ceiling, eventually, WAIT_MS } from '@/__tests__/helpers/eventually';
import { everywhere, text, type ScaleContext } from './stack';

/**
 * Ms until every URL shows `wanted` (a string in the body, or a status). Within a card's hour of
 * life only revalidation and the purge bring a change, so the ceiling is a wait's (WAIT_MS); how
 * soon is a speed goal of `npm run bench`.
 */
async function timeUntil(urls: string[], wanted: string | number) {
  const since = Date.now();
  await eventually(
    async () => {
      const answers = await Promise.all(urls.map(text));
      const ok = answers.every((a) =>
        typeof wanted === 'number' ? a.status === wanted : a.body.includes(wanted),
      );
      if (ok) return true;
      const last = answers.map(
        (a, i) => `${urls[i]}: ${a.status} ${a.headers.get('x-nextjs-cache') ?? ''}`,
      );
      throw new Error(`last: ${last.join('; ')}`);
    },
    { every: 50, what: `every URL showing ${wanted}` },
  );
  return Date.now() - since;
}

// Firestore frozen and down: the watcher's reconnection (its own 90 s ceiling) and a wait for the
// card before and after it.
const OUTAGE_MS = ceiling(4 * WAIT_MS);

export function productionPath(ctx: ScaleContext): void {
  const db = () => ctx.db;
  const on = (pathname: string) => everywhere(ctx, pathname);

  test('an edit made with firebase-admin is served by both origins and through Varnish', async () => {
    const { cdnUrl } = ctx.stack;
    // Cached through the CDN first, so that only a purge can bring the edit.
    expect((await text(`${cdnUrl}/kostas`)).status).toBe(200);
    expect((await text(`${cdnUrl}/kostas`)).status).toBe(200);
    const before = (await db().doc('users/kostas').get()).data()!;
    const jobTitle = `Σύμβουλος ${Date.now()}`;
    const written = Date.now();
    await db()
      .doc('users/kostas')
      .update({ jobTitle, ...cardChanged() });
    try {
      const elapsed = await timeUntil(on('/kostas'), jobTitle);
      const total = Date.now() - written;
      // How soon is a speed goal, measured by `npm run bench` (edit → visible through the CDN).
      console.log(`production path: edit → every layer ${total} ms (polling ${elapsed} ms)`);
      await timeUntil([`${cdnUrl}/kostas/vcard`], jobTitle);
    } finally {
      await db()
        .doc('users/kostas')
        .set({ ...before, ...cardChanged() });
    }
  });

  test('through Varnish: a card created after the build → 200, deleted → 404', async () => {
    const username = `scale-${Date.now()}`;
    expect((await text(`${ctx.stack.cdnUrl}/${username}`)).status).toBe(404);
    await db()
      .doc(`users/${username}`)
      .set({ firstName: 'Κλίμακα', lastName: 'Νέα', ...cardChanged() });
    await timeUntil(on(`/${username}`), 'Κλίμακα Νέα');
    await db().doc(`users/${username}`).delete();
    await timeUntil(on(`/${username}`), 404);
  });

  test("through Varnish: no other spelling of a card's address serves it, before or after an edit and an erasure", async () => {
    const username = `spell-${Date.now().toString(36)}`;
    const email = `${username}@karta.test`;
    const card = { firstName: 'Ορθή', lastName: 'Γραφή', email, jobTitle: 'Πρώτη εκδοχή' };
    await db()
      .doc(`users/${username}`)
      .set({ ...card, ...cardChanged() });
    await timeUntil(on(`/${username}`), card.jobTitle);
    // `/%73pell-…` is the card once decoded; `/%2573pell-…` is the name "%73pell-…" once decoded,
    // and was this card too when a name was decoded twice, under a cache entry nothing purged.
    const once = `/%${username.charCodeAt(0).toString(16)}${username.slice(1)}`;
    const twice = once.replace('%', '%25');
    const spellings = [once, `${once}/vcard`, `/${username}/vc%61rd`, twice, `${twice}/vcard`];
    const urls = spellings.flatMap(on);
    /** Every spelling on every layer, asked twice (so that what can be cached is): none the card's. */
    async function noneServesTheCard(stage: string) {
      for (let round = 0; round < 2; round++) {
        for (const url of urls) {
          const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(10_000) });
          const body = await res.text();
          expect([stage, url, res.status]).toEqual([stage, url, url.includes('%25') ? 404 : 308]);
          expect(body).not.toContain(email);
        }
      }
    }
    await noneServesTheCard('before the edit');
    await db()
      .doc(`users/${username}`)
      .update({ jobTitle: 'Δεύτερη εκδοχή', ...cardChanged() });
    await timeUntil(on(`/${username}`), 'Δεύτερη εκδοχή');
    await noneServesTheCard('after the edit');
    await db().doc(`users/${username}`).delete();
    await timeUntil(on(`/${username}`), 404);
    await timeUntil(on(`/${username}/vcard`), 404);
    await noneServesTheCard('after the erasure');
  });

  test('Redis stopped: cards still 200 on every layer; restarted: shared again', async () => {
    await ctx.stack.redis.stop();
    try {
      for (const url of on('/nikos')) {
        expect([url, (await text(url)).status]).toEqual([url, 200]);
      }
    } finally {
      await ctx.stack.restartRedis();
    }
    const before = (await db().doc('users/nikos').get()).data()!;
    const city = `Λάρισα ${Date.now()}`;
    await db()
      .doc('users/nikos')
      .update({ city, ...cardChanged() });
    try {
      await timeUntil(on('/nikos'), city);
    } finally {
      await db()
        .doc('users/nikos')
        .set({ ...before, ...cardChanged() });
    }
  });

  test('one origin killed: Varnish keeps serving', async () => {
    await ctx.stack.stopOrigin(0);
    try {
      for (let i = 0; i < 6; i++) {
        const res = await text(`${ctx.stack.cdnUrl}/eleni?n=${i}`);
        expect([i, res.status]).toEqual([i, 200]);
      }
    } finally {
      await ctx.stack.restartOrigin(0);
    }
  });

  test(
    'Firestore frozen, then down: every layer keeps the last good card; back: the edit arrives',
    async () => {
      const { relay, stack, logs } = ctx;
      const urls = on('/maria');
      const revalidateMaria = async () => {
        const res = await fetch(`${stack.cdnUrl}/api/revalidate`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${stack.env.REVALIDATE_SECRET}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ username: 'maria' }),
        });
        await res.arrayBuffer();
        return res.status;
      };
      await timeUntil(urls, 'Αρχιτέκτονας');
      // Frozen (as in a network partition): the emulator's answers wait in the relay, and the
      // revalidation leaves the card as it is.
      relay.hold();
      try {
        const started = Date.now();
        const status = await revalidateMaria();
        console.log(
          `revalidation, Firestore frozen: HTTP ${status} after ${Date.now() - started} ms`,
        );
        expect(status).toBe(503);
        for (const url of urls) {
          const page = await text(url);
          expect([url, page.status, page.body.includes('Αρχιτέκτονας')]).toEqual([url, 200, true]);
        }
      } finally {
        relay.release();
      }
      // Down (every connection cut, new ones refused), then back. The watcher's listener
      // reconnects by itself and resumes where it was: a card written once Firestore is back is
      // followed, and so is the edit after it.
      relay.cut();
      try {
        expect(await revalidateMaria()).toBe(503);
        for (const url of urls) expect([url, (await text(url)).status]).toEqual([url, 200]);
      } finally {
        relay.restore();
      }
      const returned = Date.now();
      const canary = `back-${returned}`;
      await ctx.db
        .doc(`users/${canary}`)
        .set({ username: canary, firstName: 'Πίσω', ...cardChanged() });
      await eventually(
        () => {
          if (logs.some((line) => line.includes(`revalidated ${canary} `))) return true;
          throw new Error(`its last lines: ${logs.slice(-12).join(' | ')}`);
        },
        { within: 90_000, every: 200, what: 'the watcher back' },
      );
      const resumed = Date.now() - returned;
      const before = (await ctx.db.doc('users/maria').get()).data()!;
      await ctx.db.doc('users/maria').update({ jobTitle: 'Πολεοδόμος', ...cardChanged() });
      try {
        const back = await timeUntil(urls, 'Πολεοδόμος');
        console.log(
          `outage over: the watcher back ${resumed} ms after Firestore, the edit on every layer ${back} ms after it`,
        );
      } finally {
        await ctx.db.doc('users/maria').set({ ...before, ...cardChanged() });
        await ctx.db.doc(`users/${canary}`).delete();
      }
      // The listener's own reconnection backs off while Firestore is away (the 90 s above), and
    },
    OUTAGE_MS,
  );
}
