import 'server-only';
import { cardFileResponse } from './response';
import type { CardCompany } from '../../lib/company';
import { logoVCardType } from '../../lib/company-logo';
import type { Profile } from '../../lib/profile';
import { vcardPath, type CardLanguage } from '../../lib/routes';
import {
  profileVCard,
  profileVCardFileName,
  vcardContentDisposition,
  type VCardLogo,
} from '../../lib/vcard';
import { getLogo } from '../image-store';

/** The vCard of `profile` in `lang`, with the logo of `company` when it names one. */
async function vcardFile(
  profile: Profile,
  company: CardCompany | undefined,
  fileName: string,
  lang: CardLanguage,
): Promise<Response> {
  const version = company?.logoVersion;
  const stored = version && company ? await getLogo(company.id) : null;
  // Only the logo the card names: one replaced since waits for the card's next render.
  const logo: VCardLogo | undefined =
    stored && stored.version === version
      ? { base64: stored.bytes.toString('base64'), type: logoVCardType(stored.contentType) }
      : undefined;
  return new Response(profileVCard(profile, logo, lang), {
    headers: {
      'content-type': 'text/vcard; charset=utf-8',
      'content-disposition': vcardContentDisposition(fileName),
    },
  });
}

/**
 * The GET of a card's vCard in `lang` (app/[username]/vcard, app/[username]/en/vcard): the card
 * (with its photo, and a member card's company logo) as that language's card words it, or the
 * card's 404 as its page answers. A switched-off card's is its company's own contact (the 410
 * page's «Αποθήκευση επαφής εταιρείας»), so that a printed card's saving still gives the company;
 * a forwarded one's redirects to the colleague's vCard.
 */
export function vcardResponse(
  params: Promise<{ username: string }>,
  lang: CardLanguage,
): Promise<Response> {
  return cardFileResponse(
    params,
    (profile) => vcardFile(profile, profile.company, profileVCardFileName(profile, lang), lang),
    undefined,
    ({ company, contact }) =>
      vcardFile(
        contact,
        company,
        // Saved under the company's name, as its words are in `lang`.
        profileVCardFileName({ ...contact, firstName: contact.companyName ?? '' }, lang),
        lang,
      ),
    (colleague) => vcardPath(colleague, lang),
  );
}
