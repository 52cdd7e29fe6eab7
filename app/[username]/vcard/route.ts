import { cardFileResponse } from '@/components/card/response';
import { profileVCard, profileVCardFileName, vcardContentDisposition } from '@/lib/vcard';

// Cached like the page and regenerated with it; the card (with its photo) stays out of the page.
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
    (profile) =>
      new Response(profileVCard(profile), {
        headers: {
          'content-type': 'text/vcard; charset=utf-8',
          'content-disposition': vcardContentDisposition(profileVCardFileName(profile)),
        },
      }),
  );
}
