// The owner's links, under the social bar, in the owner's order: each a button with its kind's
// icon and its name (the owner's label, else the brand's), counted under its kind (data-event,
// which also names the kind to tests and styles).
import { LINK_KIND_INFO, linkName, type CardLink } from '@/lib/card-links';
import { fullName, type PublicProfile } from '@/lib/profile';
import { countedAs, linkEvent } from './counted';
import { EXTERNAL_LINK } from './external-link';
import { LINK_ICONS } from './link-icons';

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

/** What a screen reader says: the name shown, what it is when a label hides it, and whose. */
function accessibleName(link: CardLink, owner: string): string {
  const shown = linkName(link);
  const kind = LINK_KIND_INFO[link.kind].name;
  return shown === kind ? `${shown}: ${owner}` : `${shown} (${kind}): ${owner}`;
}

export function CardLinks({ profile }: { profile: PublicProfile }) {
  const links = profile.links ?? [];
  if (links.length === 0) return null;
  const owner = fullName(profile);
  return (
    <ul className="links" aria-label="Σύνδεσμοι">
      {links.map((link, index) => {
        const Icon = LINK_ICONS[link.kind];
        return (
          // The same address may be listed twice (two labels): the position keeps keys apart.
          <li key={index}>
            <a
              href={link.url}
              className="linkItem"
              aria-label={accessibleName(link, owner)}
              {...EXTERNAL_LINK}
              {...countedAs(linkEvent(link.kind))}
            >
              <Icon aria-hidden="true" size={22} {...WITHOUT_DRAWING_ATTRIBUTES} />
              <span>{linkName(link)}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
