// The owner's links, under the social bar, in the owner's order: each a button with its kind's
// icon and its name (the owner's label, else the brand's), counted under its kind (data-event,
// which also names the kind to tests and styles).
import { LINK_KIND_INFO, type CardLink } from '@/lib/card-links';
import { fullName, type PublicProfile } from '@/lib/profile';
import { countedAs, linkEvent } from './counted';
import { EXTERNAL_LINK } from './external-link';
import { LINK_ICONS } from './link-icons';
import type { CardTexts } from './texts';

/**
 * Tabler's drawing attributes, the same on every icon, left to card.css (.linkItem svg): on a card
 * of twelve links they would be 1.4 KB of its HTML.
 */
const WITHOUT_DRAWING_ATTRIBUTES = {
  xmlns: undefined,
  fill: undefined,
  strokeWidth: undefined,
  strokeLinecap: undefined,
  strokeLinejoin: undefined,
} as const;

/** The kind's name in the card's language: a brand's is its own in every language. */
function kindName(link: CardLink, texts: CardTexts): string {
  return link.kind === 'link' ? texts.plainLink : LINK_KIND_INFO[link.kind].name;
}

/** The name shown: the owner's label, else the kind's. */
function shownName(link: CardLink, texts: CardTexts): string {
  return link.label ?? kindName(link, texts);
}

/** What a screen reader says: the name shown, what it is when a label hides it, and whose. */
function accessibleName(link: CardLink, owner: string, texts: CardTexts): string {
  const shown = shownName(link, texts);
  const kind = kindName(link, texts);
  return shown === kind ? `${shown}: ${owner}` : `${shown} (${kind}): ${owner}`;
}

export function CardLinks({ profile, texts }: { profile: PublicProfile; texts: CardTexts }) {
  const links = profile.links ?? [];
  if (links.length === 0) return null;
  const owner = fullName(profile);
  return (
    <ul className="links" aria-label={texts.links}>
      {links.map((link, index) => {
        const Icon = LINK_ICONS[link.kind];
        return (
          // The same address may be listed twice (two labels): the position keeps keys apart.
          <li key={index}>
            <a
              href={link.url}
              className="linkItem"
              aria-label={accessibleName(link, owner, texts)}
              {...EXTERNAL_LINK}
              {...countedAs(linkEvent(link.kind))}
            >
              <Icon aria-hidden="true" size={22} {...WITHOUT_DRAWING_ATTRIBUTES} />
              <span>{shownName(link, texts)}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
