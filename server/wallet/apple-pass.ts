// The card as an Apple Wallet pass (.pkpass): a generic pass built and signed by passkit-generator
// with the configured pass type certificate, its key and Apple's WWDR certificate
// (lib/wallet-env.ts). Its images are PNGs, as Wallet requires: karta's icon (app/icon.png) and the
// card's own photo as the thumbnail, each at Wallet's 1x, 2x and 3x sizes. Each pass names karta's
// PassKit web service and its own token for it (server/wallet/passkit-service.ts), so that Wallet
// fetches it anew after a push; a voided one says nothing of the card.
import 'server-only';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PKPass } from 'passkit-generator';
import sharp from 'sharp';
import { colord } from 'colord';
import type { CardLanguage } from '../../lib/routes';
import { accentColors } from '../../lib/theme';
import type { AppleWalletConfig } from '../../lib/wallet-env';
import { PASS_ORGANIZATION, type WalletPass } from '../../lib/wallet-pass';

export const PKPASS_CONTENT_TYPE = 'application/vnd.apple.pkpass';

/** Points of each image at 1x, as Apple's "Wallet Developer Guide" sizes them. */
const ICON_POINTS = 29;
const THUMBNAIL_POINTS = 90;
const SCALES = [1, 2, 3] as const;

/** name.png, name@2x.png, name@3x.png: `source` fitted into a square of `points` at each scale. */
async function scaled(
  source: Buffer,
  name: string,
  points: number,
): Promise<Record<string, Buffer>> {
  const files = await Promise.all(
    SCALES.map(async (scale) => {
      const side = points * scale;
      const png = await sharp(source).resize(side, side, { fit: 'cover' }).png().toBuffer();
      return [scale === 1 ? `${name}.png` : `${name}@${scale}x.png`, png] as const;
    }),
  );
  return Object.fromEntries(files);
}

let icons: Promise<Record<string, Buffer>> | undefined;

/** Wallet refuses a pass without an icon; it shows on the lock screen and in notifications. */
function iconFiles(): Promise<Record<string, Buffer>> {
  icons ??= readFile(join(process.cwd(), 'app', 'icon.png')).then((icon) =>
    scaled(icon, 'icon', ICON_POINTS),
  );
  return icons;
}

/** `#rrggbb` as Wallet's colour syntax. */
function rgb(hex: string): string {
  const { r, g, b } = colord(hex).toRgb();
  return `rgb(${r}, ${g}, ${b})`;
}

export interface PassSigning {
  config: AppleWalletConfig;
  /** The files the configuration names, read. */
  wwdr: string;
  signerCert: string;
  signerKey: string;
}

/** The files the configuration names, read when a pass is made: a renewed certificate needs no restart. */
export async function readSigning(config: AppleWalletConfig): Promise<PassSigning> {
  const [wwdr, signerCert, signerKey] = await Promise.all(
    [config.wwdrCertFile, config.signerCertFile, config.signerKeyFile].map((path) =>
      readFile(path, 'utf8'),
    ),
  );
  return { config, wwdr, signerCert, signerKey };
}

/** What makes a pass stay current: karta's web service, and the pass's own token for it. */
export interface PassService {
  webServiceURL: string;
  authenticationToken: string;
}

type PassFront = Pick<WalletPass, 'serial' | 'description' | 'colors'>;

function newPass(
  images: Record<string, Buffer>,
  signing: PassSigning,
  front: PassFront,
  service: PassService,
  voided: boolean,
): PKPass {
  const { config } = signing;
  const pkpass = new PKPass(
    images,
    {
      wwdr: signing.wwdr,
      signerCert: signing.signerCert,
      signerKey: signing.signerKey,
      ...(config.signerKeyPassphrase ? { signerKeyPassphrase: config.signerKeyPassphrase } : {}),
    },
    {
      formatVersion: 1,
      passTypeIdentifier: config.passTypeId,
      teamIdentifier: config.teamId,
      serialNumber: front.serial,
      organizationName: PASS_ORGANIZATION,
      description: front.description,
      backgroundColor: rgb(front.colors.background),
      foregroundColor: rgb(front.colors.foreground),
      labelColor: rgb(front.colors.label),
      webServiceURL: service.webServiceURL,
      authenticationToken: service.authenticationToken,
      ...(voided ? { voided: true } : {}),
    },
  );
  pkpass.type = 'generic';
  return pkpass;
}

/** The signed .pkpass of `pass`, with `photo` (any format sharp reads) as its thumbnail. */
export async function applePass(
  pass: WalletPass,
  photo: Buffer | null,
  signing: PassSigning,
  service: PassService,
): Promise<Buffer> {
  const images = {
    ...(await iconFiles()),
    ...(photo ? await scaled(photo, 'thumbnail', THUMBNAIL_POINTS) : {}),
  };
  const pkpass = newPass(images, signing, pass, service, false);
  pkpass.primaryFields.push({ key: 'name', label: '', value: pass.name });
  pkpass.secondaryFields.push(...pass.secondary);
  pkpass.backFields.push(...pass.back);
  pkpass.setBarcodes({
    message: pass.barcode,
    format: 'PKBarcodeFormatQR',
    messageEncoding: 'iso-8859-1',
    altText: pass.barcode.replace(/^https?:\/\//, '').replace(/\?.*$/, ''),
  });
  return pkpass.getAsBuffer();
}

/** What a voided pass says, in its language: nothing of the card, which may be erased. */
const VOIDED_DESCRIPTIONS: Record<CardLanguage, string> = {
  el: 'Ψηφιακή κάρτα που δεν ισχύει πια',
  en: 'A digital business card no longer in use',
};
const VOIDED_COLORS = accentColors('#6b7280').light;

/**
 * The voided .pkpass of `serial`, for a card removed, deprovisioned or erased: Wallet shows it
 * as no longer valid. It carries no personal data, since the card may be gone.
 */
export async function voidedApplePass(
  serial: string,
  lang: CardLanguage,
  signing: PassSigning,
  service: PassService,
): Promise<Buffer> {
  const { background, text } = VOIDED_COLORS;
  const pkpass = newPass(
    await iconFiles(),
    signing,
    {
      serial,
      description: VOIDED_DESCRIPTIONS[lang],
      colors: { background, foreground: text, label: text },
    },
    service,
    true,
  );
  pkpass.primaryFields.push({ key: 'name', label: '', value: VOIDED_DESCRIPTIONS[lang] });
  return pkpass.getAsBuffer();
}
