// The card's whole HTML document, as the card route answers it: everything the first paint needs
// (the stylesheet inline, the photo preloaded) and one small inline module script, no framework.
import { jsonLdScript, personJsonLd, profileHead } from '@/components/card/metadata';
import { THEME_COLORS } from '@/lib/theme';
import { accentStyle } from './accent';
import { Card, type CardProps } from './Card';
import { SiteIconLinks } from './icons';

export function CardDocument({ profile, assets, statsKey }: CardProps) {
  const head = profileHead(profile);
  return (
    <html lang="el">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <style>{assets.css}</style>
        {THEME_COLORS.map(({ media, color }) => (
          <meta key={media} name="theme-color" content={color} media={media} />
        ))}
        <meta name="color-scheme" content="light dark" />
        <title>{head.title}</title>
        {head.meta.map((m) =>
          'property' in m ? (
            <meta key={m.property} property={m.property} content={m.content} />
          ) : (
            <meta key={m.name} name={m.name} content={m.content} />
          ),
        )}
        <link rel="canonical" href={head.canonical} />
        <SiteIconLinks />
      </head>
      <body style={accentStyle(profile.accentColor)}>
        <script type="application/ld+json">{jsonLdScript(personJsonLd(profile))}</script>
        <Card profile={profile} assets={assets} statsKey={statsKey} />
        <script type="module">{assets.enhance}</script>
      </body>
    </html>
  );
}
