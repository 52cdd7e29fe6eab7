import { cardFileResponse } from '@/components/card/response';
import { logoVCardType } from '@/lib/company-logo';
import {
  profileVCard,
  profileVCardFileName,
  vcardContentDisposition,
  type VCardLogo,
} from '@/lib/vcard';
import { getLogo } from '@/server/logo-store';

// Cached like the page and regenerated with it; the card (with its photo, and a member card's
// company logo) stays out of the page. A switched-off card's answers 410, as the page does.
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
  return cardFileResponse(params, async (profile) => {
    const version = profile.company?.logoVersion;
    const stored = version && profile.company ? await getLogo(profile.company.id) : null;
    // Only the logo the card names: one replaced since waits for the card's next render.
    const logo: VCardLogo | undefined =
      stored && stored.version === version
        ? { base64: stored.bytes.toString('base64'), type: logoVCardType(stored.contentType) }
        : undefined;
    return new Response(profileVCard(profile, logo), {
      headers: {
        'content-type': 'text/vcard; charset=utf-8',
        'content-disposition': vcardContentDisposition(profileVCardFileName(profile)),
      },
    });
  });
}
