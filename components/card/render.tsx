import 'server-only';
import type { CardAssets } from '@/components/card/build/manifest';
import type { PublicProfile } from '@/lib/profile';
import { renderDocument } from '@/components/card/static-html';
import { CardDocument } from './CardDocument';
import { NotFoundDocument } from './NotFoundDocument';

/** The card's HTML document, as its route answers it. */
export function renderCard(profile: PublicProfile, assets: CardAssets): Promise<string> {
  return renderDocument(<CardDocument profile={profile} assets={assets} />);
}

let notFound: Promise<string> | undefined;

/** The 404 page, the same for every path: rendered once per process. */
export function renderNotFound(): Promise<string> {
  notFound ??= renderDocument(<NotFoundDocument />);
  return notFound;
}
