// The mail an owner gets once, when their card is claimed or joins a company: its address, its QR
// code (an inline PNG, which every mail client shows; an SVG Gmail does not) and the wallet links
// where they are configured. Queued in the outbox for the daemon's mailer (daemon/mail/outbox.ts),
// built from the card as stored just after the write, with its company's values.
import 'server-only';
import { FieldValue } from 'firebase-admin/firestore';
import QRCode from 'qrcode';
import { cardSummary } from '../../lib/card-summary';
import { OUTBOX_COLLECTION } from '../../lib/collections';
import type { CompanyProfile } from '../../lib/company';
import { escapeHtml } from '../../lib/html-escape';
import { QR_OPTIONS } from '../../lib/qr';
import { ACCOUNT_PATH, cardUrl, qrCodeUrl } from '../../lib/routes';
import { env } from '../../lib/env';
import { adminDb } from '../firebase/admin-app';
import { getCard } from '../profile-store';
import { PASS_LINK_TTL_S } from '../wallet/pass-link';
import { walletLinks, type WalletLinks } from '../wallet/wallet-links';

const QR_CID = 'card-qr';
/** 240 CSS px in the mail, drawn at twice that for sharp screens. */
const QR_SHOWN_PX = 240;
const FONT = 'font-family:Arial,Helvetica,sans-serif;';
const PASS_LINK_DAYS = PASS_LINK_TTL_S / (24 * 60 * 60);

export interface WelcomeMail {
  to: string;
  profile: CompanyProfile;
  links: WalletLinks;
  /** Set when the card has just joined this company. */
  companyName?: string;
}

function paragraphs(mail: WelcomeMail): Array<{ text: string; href?: string; label?: string }> {
  const { profile, links, companyName } = mail;
  const card = cardUrl(profile.username);
  return [
    { text: profile.firstName ? `Γεια σας ${profile.firstName},` : 'Γεια σας,' },
    companyName
      ? { text: `Η κάρτα σας είναι πλέον κάρτα της εταιρείας «${companyName}»:`, href: card }
      : { text: 'Η ψηφιακή σας κάρτα είναι έτοιμη:', href: card },
    {
      text: 'Ο κωδικός QR της κάρτας (συνημμένος, και στην karta, «Κοινοποίηση») την ανοίγει με μία σάρωση.',
    },
    ...(links.apple
      ? [
          {
            text: `Στο iPhone, προσθέστε την στο Apple Wallet (ο σύνδεσμος ισχύει ${PASS_LINK_DAYS} ημέρες):`,
            href: links.apple,
            label: 'Προσθήκη στο Apple Wallet',
          },
        ]
      : []),
    ...(links.google
      ? [
          {
            text: 'Στο Android, αποθηκεύστε την στο Google Wallet:',
            href: links.google,
            label: 'Αποθήκευση στο Google Wallet',
          },
        ]
      : []),
    {
      text: 'Την αλλάζετε όποτε θέλετε στην karta:',
      href: new URL(ACCOUNT_PATH, env.siteUrl).href,
    },
  ];
}

function mailText(mail: WelcomeMail): string {
  return paragraphs(mail)
    .map(({ text, href }) => (href ? `${text}\n${href}` : text))
    .join('\n\n');
}

function mailHtml(mail: WelcomeMail): string {
  const { accent } = cardSummary(mail.profile);
  const rows = paragraphs(mail).map(({ text, href, label }) => {
    const link = href
      ? `<br><a href="${escapeHtml(href)}" style="color:${accent};font-weight:bold;">${escapeHtml(label ?? href)}</a>`
      : '';
    return `<p style="${FONT}font-size:15px;line-height:22px;color:#111827;margin:0 0 14px 0;">${escapeHtml(text)}${link}</p>`;
  });
  const qr = `<p style="margin:0 0 14px 0;"><img src="cid:${QR_CID}" alt="${escapeHtml(`Κωδικός QR: ${cardUrl(mail.profile.username)}`)}" width="${QR_SHOWN_PX}" height="${QR_SHOWN_PX}" style="display:block;border:0;"></p>`;
  rows.splice(3, 0, qr);
  return `<!doctype html><html lang="el"><meta charset="utf-8"><body style="margin:0;padding:16px;background:#ffffff;">${rows.join('')}</body></html>`;
}

/** The outbox document of `mail` (lib/collections.ts OUTBOX_COLLECTION). */
export async function welcomeOutboxDoc(mail: WelcomeMail): Promise<Record<string, unknown>> {
  const qr = await QRCode.toBuffer(qrCodeUrl(mail.profile.username), {
    ...QR_OPTIONS,
    type: 'png',
    width: QR_SHOWN_PX * 2,
  });
  return {
    to: mail.to,
    subject: mail.companyName
      ? `Η κάρτα σας στην εταιρεία «${mail.companyName}» στην karta`
      : 'Η ψηφιακή σας κάρτα στην karta είναι έτοιμη',
    text: mailText(mail),
    html: mailHtml(mail),
    attachments: [
      {
        filename: `karta-${mail.profile.username}-qr.png`.replace(/[^\w.-]/g, '_'),
        contentType: 'image/png',
        cid: QR_CID,
        content: qr.toString('base64'),
      },
    ],
    createdAt: FieldValue.serverTimestamp(),
  };
}

/**
 * Queues the welcome mail of `username`, claimed by `ownerUid` at address `to` (or `joined` to its
 * company, whose name the mail gives). The
 * write has already stood: a mail that cannot be queued is logged, and the owner still has
 * everything in the console.
 */
export async function queueWelcomeMail(
  to: string | undefined,
  username: string,
  ownerUid: string,
  { joined = false }: { joined?: boolean } = {},
): Promise<void> {
  if (!to) return;
  try {
    const { profile } = await getCard(username);
    if (!profile) return;
    const links = await walletLinks(profile, ownerUid);
    const companyName = joined ? profile.company?.name : undefined;
    const doc = await welcomeOutboxDoc({
      to,
      profile,
      links,
      ...(companyName ? { companyName } : {}),
    });
    await adminDb().collection(OUTBOX_COLLECTION).add(doc);
  } catch (error) {
    console.error(`Queueing the welcome mail of ${username} failed:`, error);
  }
}
