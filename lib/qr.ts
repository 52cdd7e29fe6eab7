// The card's QR code, drawn by the `qrcode` library. Dark modules on a white square with the
// standard four-module quiet zone, whatever the page's colour scheme: phone cameras read dark on
// light most reliably, and from another phone's screen.
import QRCode from 'qrcode';

/** Level M (15% recovery) survives glare and a cracked screen while keeping the modules large. */
export const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 4 } as const;

/**
 * An SVG of the QR code for `url`. The same URL always gives the same bytes, so a regenerated
 * card whose address did not change serves an identical image (and caches keep matching it).
 */
export function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', ...QR_OPTIONS });
}
