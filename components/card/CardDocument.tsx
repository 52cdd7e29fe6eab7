// The card's whole HTML document in one of its languages, as the card routes answer it: everything
// the first paint needs (the stylesheet inline, the photo preloaded) and one small inline module
// script, no framework. Its first paint waits for the whole card to be parsed (Card.tsx
// CARD_END_ID), never a part of it.
import { jsonLdScript, personJsonLd, profileHead } from '@/components/card/metadata';
import { DEFAULT_LANGUAGE } from '@/lib/routes';
import { THEME_COLORS } from '@/lib/theme';
import { accentStyle } from './accent';
import { Card, CARD_END_ID, type CardProps } from './Card';
import { SiteIconLinks } from './icons';

export function CardDocument({ profile, lang = DEFAULT_LANGUAGE, assets, statsKey }: CardProps) {
  const head = profileHead(profile, lang);
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <style>{assets.css}</style>
        <link rel="expect" href={`#${CARD_END_ID}`} blocking="render" />
        {THEME_COLORS.map(({ media, color }) => (
          <meta key={media} name="theme-color" content={color} media={media} />
        ))}
        <meta name="color-scheme" content="light dark" />
        <title>{head.title}</title>
        {head.meta.map((m) =>
          'property' in m ? (
            <meta key={`${m.property} ${m.content}`} property={m.property} content={m.content} />
          ) : (
            <meta key={m.name} name={m.name} content={m.content} />
          ),
        )}
        <link rel="canonical" href={head.canonical} />
        {head.alternates.map(({ hrefLang, href }) => (
          <link key={hrefLang} rel="alternate" hrefLang={hrefLang} href={href} />
        ))}
        <SiteIconLinks />
      </head>
      <body style={accentStyle(profile.accentColor)}>
        <script type="application/ld+json">{jsonLdScript(personJsonLd(profile, lang))}</script>
        <Card profile={profile} lang={lang} assets={assets} statsKey={statsKey} />
        <script type="module">{assets.enhance}</script>
      </body>
    </html>
  );
}
