// The owner's e-mail signature: the card as it shows (a member's with its company's locked values
// and legal details), as the markup a mail client keeps. Mail clients drop stylesheets, web fonts and scripts, so it is
// tables with inline styles; every link is built from the card's validated values (http(s), mailto,
// tel) and every text and attribute is escaped.
import { cardSummary, type SummaryLine } from './card-summary';
import type { CompanyProfile } from './company';
import { legalLine } from './company-legal';
import { escapeHtml } from './html-escape';

const FONT = 'font-family:Arial,Helvetica,sans-serif;';
/** The photo's side in CSS pixels; the photo route serves far more, for sharp screens. */
const PHOTO_SIZE = 72;

function lineHtml(label: string, value: SummaryLine, accent: string): string {
  const text = escapeHtml(value.text);
  const shown = value.href
    ? `<a href="${escapeHtml(value.href)}" style="color:${accent};text-decoration:none;">${text}</a>`
    : text;
  return `<tr><td style="${FONT}font-size:13px;line-height:18px;color:#374151;padding:0;">${escapeHtml(label)} ${shown}</td></tr>`;
}

/** The signature's markup: one table, inline styles only. */
export function signatureHtml(profile: CompanyProfile): string {
  const parts = cardSummary(profile);
  const { accent } = parts;
  const rows: string[] = [
    `<tr><td style="${FONT}font-size:16px;line-height:22px;font-weight:bold;color:#111827;padding:0;">${escapeHtml(parts.name)}</td></tr>`,
  ];
  const role = [parts.jobTitle, parts.company].filter((part) => part !== undefined).join(' · ');
  if (role) {
    rows.push(
      `<tr><td style="${FONT}font-size:13px;line-height:18px;color:#4b5563;padding:0 0 4px 0;">${escapeHtml(role)}</td></tr>`,
    );
  }
  if (parts.phone) rows.push(lineHtml('Τ:', parts.phone, accent));
  if (parts.email) rows.push(lineHtml('E:', parts.email, accent));
  if (parts.website) rows.push(lineHtml('W:', parts.website, accent));
  rows.push(
    `<tr><td style="${FONT}font-size:13px;line-height:18px;padding:4px 0 0 0;"><a href="${escapeHtml(parts.card.href ?? '')}" style="color:${accent};font-weight:bold;text-decoration:none;">Η ψηφιακή μου κάρτα</a></td></tr>`,
  );
  // The company's legal details, as its cards print them (N.4919/2022 art. 22): small, last.
  const legal = legalLine(profile.company?.legal, 'el');
  if (legal) {
    rows.push(
      `<tr><td style="${FONT}font-size:11px;line-height:15px;color:#6b7280;padding:6px 0 0 0;">${escapeHtml(legal)}</td></tr>`,
    );
  }
  const photo = parts.photoUrl
    ? `<td style="padding:0 12px 0 0;vertical-align:top;"><img src="${escapeHtml(parts.photoUrl)}" alt="${escapeHtml(parts.name)}" width="${PHOTO_SIZE}" height="${PHOTO_SIZE}" style="display:block;width:${PHOTO_SIZE}px;height:${PHOTO_SIZE}px;border-radius:50%;border:0;"></td>`
    : '';
  return (
    `<table cellpadding="0" cellspacing="0" border="0" role="presentation" style="border-collapse:collapse;">` +
    `<tr>${photo}<td style="border-left:3px solid ${accent};padding:0 0 0 12px;vertical-align:top;">` +
    `<table cellpadding="0" cellspacing="0" border="0" role="presentation" style="border-collapse:collapse;">${rows.join('')}</table>` +
    `</td></tr></table>`
  );
}

/** The signature as plain text, for a paste where HTML is not taken. */
export function signatureText(profile: CompanyProfile): string {
  const parts = cardSummary(profile);
  return [
    parts.name,
    [parts.jobTitle, parts.company].filter((part) => part !== undefined).join(' · '),
    parts.phone && `Τ: ${parts.phone.text}`,
    parts.email && `E: ${parts.email.text}`,
    parts.website && `W: ${parts.website.text}`,
    parts.card.href,
    legalLine(profile.company?.legal, 'el'),
  ]
    .filter((line): line is string => typeof line === 'string' && line !== '')
    .join('\n');
}
