// The card's whole HTML document, as the card route answers it: everything the first paint needs
// (the stylesheet inline, the photo preloaded) and one small inline module script, no framework.
import type { CardAssets } from '@/lib/card-assets';
import { html, inlineScript, raw } from '@/lib/html';
import type { PublicProfile } from '@/lib/profile';
import { jsonLdScript, personJsonLd, profileHead } from '@/lib/profile-metadata';
import { THEME_COLORS } from '@/lib/theme';
import { cardBody, displayImage } from './body';
import { ICON_LINKS } from './icons';

export function cardDocument(profile: PublicProfile, assets: CardAssets): string {
  const head = profileHead(profile);
  const meta = head.meta.map((m) =>
    'property' in m
      ? html`<meta property="${m.property}" content="${m.content}">`
      : html`<meta name="${m.name}" content="${m.content}">`,
  );
  const themeColors = THEME_COLORS.map(
    ({ media, color }) => html`<meta name="theme-color" content="${color}" media="${media}">`,
  );
  const document = html`<html lang="el"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${displayImage(profile).preload}<style>${raw(assets.css)}</style>${themeColors}<meta name="color-scheme" content="light dark"><title>${head.title}</title>${meta}<link rel="canonical" href="${head.canonical}">${raw(ICON_LINKS)}</head><body><script type="application/ld+json">${raw(jsonLdScript(personJsonLd(profile)))}</script>${cardBody(profile, assets)}<script type="module">${inlineScript(assets.enhance)}</script></body></html>`;
  return `<!DOCTYPE html>${document.value}`;
}
