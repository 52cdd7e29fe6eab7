// The card's QR code as a PNG for printing: the same code as lib/qr.ts's SVG (the one the card
// page serves at /{username}/qr.svg, of qrCodeUrl in lib/routes.ts), drawn large enough for print.
import QRCode from 'qrcode';
import { QR_OPTIONS } from '../../lib/qr';

/** 1,024 px: sharp at 8 cm and 300 dpi. */
const PNG_WIDTH = 1024;

export function qrPngDataUrl(url: string): Promise<string> {
  return QRCode.toDataURL(url, {
    ...QR_OPTIONS,
    width: PNG_WIDTH,
    color: { dark: '#000000', light: '#ffffff' },
  });
}
