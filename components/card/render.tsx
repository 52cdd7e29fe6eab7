import 'server-only';
import type { CardAssets } from '@/components/card/build/manifest';
import { renderDocument } from '@/components/card/static-html';
import { env } from '@/lib/env';
import { cardKey } from '@/server/stats/card-key';
import type { CardCompany } from '@/lib/company';
import type { CardProfile } from './Card';
import { CardDocument } from './CardDocument';
import { CardOffDocument } from './CardOffDocument';
import { NotFoundDocument } from './NotFoundDocument';

/**
 * The card's HTML document, as its route answers it, with its stats key: this is only ever called
 * for a card that exists, so only such a card's beacons carry a key the endpoint accepts.
 */
export function renderCard(profile: CardProfile, assets: CardAssets): Promise<string> {
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

/** The page of a card switched off (its owner left its company): the company's name and website. */
export function renderCardOff(company: CardCompany): Promise<string> {
  return renderDocument(<CardOffDocument company={company} />);
}
