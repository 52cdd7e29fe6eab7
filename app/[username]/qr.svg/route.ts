import { cardFileResponse } from '@/server/card/response';
import { qrSvg } from '@/lib/qr';
import { qrCodeUrl } from '@/lib/routes';

// Cached like the page and regenerated with it (lib/routes.ts cardPaths); a deleted card's QR
// code turns into a 404 with it.
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
  return cardFileResponse(
    params,
    async (profile) =>
      new Response(await qrSvg(qrCodeUrl(profile.username)), {
        headers: { 'content-type': 'image/svg+xml' },
      }),
  );
}
