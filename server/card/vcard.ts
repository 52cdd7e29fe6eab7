import 'server-only';
import { cardFileResponse } from './response';
import { logoVCardType } from '../../lib/company-logo';
import type { CardLanguage } from '../../lib/routes';
import {
  profileVCard,
  profileVCardFileName,
  vcardContentDisposition,
  type VCardLogo,
} from '../../lib/vcard';
import { getLogo } from '../image-store';

/**
 * The GET of a card's vCard in `lang` (app/[username]/vcard, app/[username]/en/vcard): the card
 * (with its photo, and a member card's company logo) as that language's card words it, or the
 * card's 404 or 410 as its page answers.
 */
export function vcardResponse(
  params: Promise<{ username: string }>,
  lang: CardLanguage,
): Promise<Response> {
  return cardFileResponse(params, async (profile) => {
    const version = profile.company?.logoVersion;
    const stored = version && profile.company ? await getLogo(profile.company.id) : null;
    // Only the logo the card names: one replaced since waits for the card's next render.
    const logo: VCardLogo | undefined =
      stored && stored.version === version
        ? { base64: stored.bytes.toString('base64'), type: logoVCardType(stored.contentType) }
        : undefined;
    return new Response(profileVCard(profile, logo, lang), {
      headers: {
        'content-type': 'text/vcard; charset=utf-8',
        'content-disposition': vcardContentDisposition(profileVCardFileName(profile, lang)),
      },
    });
  });
}
