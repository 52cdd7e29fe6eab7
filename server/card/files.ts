import 'server-only';
import { qrSvg } from '../../lib/qr';
import { qrCodeUrl, qrPath, type CardLanguage } from '../../lib/routes';
import { cardFileResponse } from './response';
import { vcardResponse } from './vcard';

// What the routes of a card's files (app/[username]/vcard, app/[username]/en/vcard,
// app/[username]/qr.svg) share. Their segment config stays in each route file, where Next reads it.

type CardRouteContext = { params: Promise<{ username: string }> };

/** Rendered on first request rather than at build time: a build stays one read per profile. */
export async function firstRequestParams(): Promise<Array<{ username: string }>> {
  return [];
}

/** The GET of the card's vCard in `lang` (server/card/vcard.ts). */
export function cardVCard(lang: CardLanguage) {
  return (_request: Request, { params }: CardRouteContext): Promise<Response> =>
    vcardResponse(params, lang);
}

/** The GET of the card's QR code: an SVG of qrCodeUrl, the card's address marked as scanned. */
export function cardQrCode(_request: Request, { params }: CardRouteContext): Promise<Response> {
  return cardFileResponse(
    params,
    async (profile) =>
      new Response(await qrSvg(qrCodeUrl(profile.username)), {
        headers: { 'content-type': 'image/svg+xml' },
      }),
    undefined,
    undefined,
    qrPath,
  );
}
