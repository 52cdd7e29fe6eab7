// The card's markup: photo, exchange button, who they are, contact rows, Save contact, Share and
// QR, the social bar; and the QR dialog. Plain HTML that works without scripts (Save contact is
// a link to the vCard, QR a link to the SVG); island/card-script.ts finds its parts by their
// data- attributes and makes them work.
import { getImageProps } from 'next/image';
import type { CardAssets } from '@/lib/card-assets';
import { html, type SafeHtml } from '@/lib/html';
import { isOptimisedImage } from '@/lib/links';
import { fullName, type PublicProfile } from '@/lib/profile';
import { contactRows, headline, location, socialLinks, type ContactRow } from '@/lib/profile-view';
import { cardUrl, qrPath, vcardPath } from '@/lib/routes';
import { profileVCardFileName } from '@/lib/vcard';
import { SAVE_CONTACT } from './texts';

/** The photo fills the card's width, at most --card-width (app/globals.css). */
const IMAGE_SIZES = '(max-width: 480px) 100vw, 480px';

interface DisplayImage {
  /** The <link rel=preload> that lets the photo's request start with the HTML's head. */
  preload: SafeHtml | '';
  markup: SafeHtml;
}

export function displayImage(profile: PublicProfile): DisplayImage {
  const name = fullName(profile);
  const src = profile.displayImage;
  if (!src) {
    const initials = name
      .split(/\s+/)
      .map((part) => part.charAt(0))
      .join('')
      .slice(0, 2)
      .toUpperCase();
    return {
      preload: '',
      markup: html`<div class="image placeholder" aria-hidden="true">${initials}</div>`,
    };
  }
  // Next's image optimiser serves the photo at the width the screen needs (docs/data.md).
  const { props } = getImageProps({
    src,
    alt: `Φωτογραφία: ${name}`,
    fill: true,
    sizes: IMAGE_SIZES,
    unoptimized: !isOptimisedImage(src),
  });
  const { srcSet } = props;
  return {
    preload: srcSet
      ? html`<link rel="preload" as="image" imagesrcset="${srcSet}" imagesizes="${IMAGE_SIZES}" fetchpriority="high">`
      : html`<link rel="preload" as="image" href="${props.src}" fetchpriority="high">`,
    markup: html`<div class="image"><img alt="${props.alt}" fetchpriority="high" decoding="async" ${
      srcSet ? html`sizes="${IMAGE_SIZES}" srcset="${srcSet}" ` : ''
    }src="${props.src}"></div>`,
  };
}

const EXTERNAL = html` target="_blank" rel="noopener noreferrer"`;

function rowBody(row: ContactRow): SafeHtml {
  return html`<img class="rowIcon" src="/icons/${row.kind}.svg" alt="" width="24" height="24" loading="lazy" decoding="async"><span class="rowText"><span class="rowValue">${row.text}</span><span class="rowCaption">${row.caption}</span></span>`;
}

function rows(profile: PublicProfile): SafeHtml | '' {
  const list = contactRows(profile);
  if (list.length === 0) return '';
  const items = list.map((row) => {
    const body = row.href
      ? html`<a href="${row.href}" class="rowLink"${row.external ? EXTERNAL : ''}>${rowBody(row)}</a>`
      : html`<div class="rowLink">${rowBody(row)}</div>`;
    return html`<li class="row" data-row="${row.kind}">${body}</li>`;
  });
  return html`<ul class="rows">${items}</ul>`;
}

function socialBar(profile: PublicProfile): SafeHtml | '' {
  const links = socialLinks(profile).map(
    (link) =>
      html`<a href="${link.href}" aria-label="${link.label}" data-social="${link.kind}" class="socialLink"${
        link.href.startsWith('http') ? EXTERNAL : ''
      }><img src="${link.icon}" alt="" width="80" height="80" loading="lazy" decoding="async"></a>`,
  );
  if (links.length === 0) return '';
  return html`<nav class="social" aria-label="Κοινωνικά δίκτυα και μηνύματα">${links}</nav>`;
}

const ICON = (path: string) =>
  html`<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" class="icon"><path d="${path}"></path></svg>`;
const SHARE_ICON = ICON('M12 3v12M7 8l5-5 5 5M5 13v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6');
const QR_ICON = ICON(
  'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM14 18h2M18 14h2',
);

/** Between the photo and who they are: the exchange button, then what it has to say. */
function exchange(assets: CardAssets): SafeHtml {
  return html`<div class="exchangeSlot"><button type="button" class="exchange" aria-haspopup="dialog" aria-expanded="false" data-exchange data-sheet="${assets.sheet}" data-sheet-css="${assets.sheetCss}">Ανταλλαγή Επαφής</button></div><p class="confirmation" role="status" aria-live="polite" data-confirmation></p><p class="error" role="alert" data-exchange-error hidden></p>`;
}

function identity(profile: PublicProfile, name: string): SafeHtml {
  const title = headline(profile);
  return html`<section class="identity" aria-label="Στοιχεία"><h1 class="name">${name}</h1>${
    title ? html`<p class="headline">${title}</p>` : ''
  }<p class="location">${location(profile)}</p></section>`;
}

/** The in-app hint's place (filled by the script), Save contact, Share and QR. */
function actions(profile: PublicProfile): SafeHtml {
  const { username } = profile;
  return html`<div class="saveSlot"><div class="hint" role="note" data-in-app hidden></div><a href="${vcardPath(username)}" download="${profileVCardFileName(profile)}" class="save" data-save>${SAVE_CONTACT}</a><p class="error" role="alert" data-save-error hidden></p><div class="shareRow"><button type="button" class="secondary" data-share>${SHARE_ICON}Κοινοποίηση</button><a href="${qrPath(username)}" class="secondary" aria-haspopup="dialog" data-qr>${QR_ICON}Κωδικός QR</a></div><p class="shareStatus" role="status" aria-live="polite" data-share-status></p></div>`;
}

/** The QR code large, in a modal dialog; its image is fetched only when the dialog opens. */
function qrDialog(profile: PublicProfile, name: string): SafeHtml {
  return html`<dialog class="qrDialog" aria-labelledby="qr-title" data-qr-dialog><h2 id="qr-title" class="qrTitle">Σαρώστε με την κάμερα του κινητού</h2><img src="${qrPath(profile.username)}" alt="Κωδικός QR της κάρτας: ${name}" width="320" height="320" loading="lazy" class="qrImage"><button type="button" class="save" data-qr-close>Κλείσιμο</button></dialog>`;
}

export function cardBody(profile: PublicProfile, assets: CardAssets): SafeHtml {
  const name = fullName(profile);
  return html`<main class="card" data-card data-username="${profile.username}" data-first-name="${profile.firstName || name}" data-name="${name}" data-url="${cardUrl(profile.username)}">${displayImage(profile).markup}${exchange(assets)}${identity(profile, name)}${rows(profile)}${actions(profile)}${socialBar(profile)}</main>${qrDialog(profile, name)}`;
}
