import 'server-only';
import type { CardAssets } from '@/components/card/build/manifest';
import type { PublicProfile } from '@/lib/profile';
import { renderDocument } from '@/components/card/static-html';
import { env } from '@/lib/env';
import { cardKey } from '@/server/stats/card-key';
import { CardDocument } from './CardDocument';
import { NotFoundDocument } from './NotFoundDocument';

/**
 * The card's HTML document, as its route answers it, with its stats key: this is only ever called
 * for a card that exists, so only such a card's beacons carry a key the endpoint accepts.
 */
export function renderCard(profile: PublicProfile, assets: CardAssets): Promise<string> {
  const secret = env.revalidateSecret;
  const statsKey = secret ? cardKey(secret, profile.username) : undefined;
  return renderDocument(<CardDocument profile={profile} assets={assets} statsKey={statsKey} />);
}

let notFound: Promise<string> | undefined;

/** The 404 page, the same for every path: rendered once per process. */
export function renderNotFound(): Promise<string> {
  notFound ??= renderDocument(<NotFoundDocument />);
  return notFound;
}
