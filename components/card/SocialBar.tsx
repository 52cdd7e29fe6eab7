// The bar of social networks and messengers at the bottom of the card; each tap is counted.
import type { PublicProfile } from '@/lib/profile';
import { socialLinks } from '@/components/card/profile-view';
import { SocialTile } from './contact-icons';
import { countedAs, SOCIAL_EVENTS } from './counted';
import { EXTERNAL_LINK } from './external-link';
import type { CardTexts } from './texts';

export function SocialBar({ profile, texts }: { profile: PublicProfile; texts: CardTexts }) {
  const links = socialLinks(profile);
  if (links.length === 0) return null;
  return (
    <nav className="social" aria-label={texts.social}>
      {links.map((link) => (
        <a
          key={link.kind}
          href={link.href}
          aria-label={link.label}
          data-social={link.kind}
          className="socialLink"
          // An app's own scheme (viber:) opens the app, not a new tab.
          {...(link.href.startsWith('http') ? EXTERNAL_LINK : {})}
          {...countedAs(SOCIAL_EVENTS[link.kind])}
        >
          <SocialTile kind={link.kind} />
        </a>
      ))}
    </nav>
  );
}
