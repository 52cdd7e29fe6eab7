import { vcardResponse } from '@/server/card/vcard';

// The English card's vCard (lib/routes.ts vcardPath(username, 'en')): cached, regenerated and
// purged with the card like the Greek one (app/[username]/vcard). Next reads a route's
// configuration from its own file only, so these lines are the Greek route's.
export const revalidate = 3600;
export const dynamic = 'force-static';
export const dynamicParams = true;

export async function generateStaticParams(): Promise<Array<{ username: string }>> {
  // Rendered on first request rather than at build time: a build stays one read per profile.
  return [];
}

export async function GET(
  _request: Request,
  { params }: { params: Promise<{ username: string }> },
) {
  return vcardResponse(params, 'en');
}
