import { cardVCard, firstRequestParams } from '@/server/card/files';

// The English card's vCard (lib/routes.ts vcardPath(username, 'en')): cached, regenerated and
// purged with the card like the Greek one (app/[username]/vcard). Next reads a route's
// configuration from its own file only, so these lines are the Greek route's.
export const revalidate = 3600;
export const dynamic = 'force-static';
export const dynamicParams = true;
export const generateStaticParams = firstRequestParams;

export const GET = cardVCard('en');
