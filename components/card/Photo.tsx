// The card's photo, full width at the top, or the owner's initials where there is none.
import { getImageProps } from 'next/image';
import { isOptimisedImage } from '@/lib/links';
import { fullName, type PublicProfile } from '@/lib/profile';
import type { CardTexts } from './texts';

/** The photo fills the card's width, at most --card-width (app/globals.css). */
const IMAGE_SIZES = '(max-width: 480px) 100vw, 480px';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/**
 * With `fetchPriority="high"` React's renderer also writes the photo's `<link rel="preload">`
 * into the head, so its request starts with the HTML's first bytes.
 */
export function Photo({ profile, texts }: { profile: PublicProfile; texts: CardTexts }) {
  const name = fullName(profile);
  // Served from karta's origin only: karta's own files, or through its image optimiser from the
  // hosts it allows. A photo anywhere else is not shown (the initials are): the visitor's
  // browser would otherwise call that host.
  const src =
    profile.displayImage && isOptimisedImage(profile.displayImage)
      ? profile.displayImage
      : undefined;
  if (!src) {
    return (
      <div className="image placeholder" aria-hidden="true">
        {initials(name)}
      </div>
    );
  }
  // Next's image optimiser serves the photo at the width the screen needs (docs/data.md).
  const { props } = getImageProps({
    src,
    alt: texts.photoAlt(name),
    fill: true,
    sizes: IMAGE_SIZES,
  });
  return (
    <div className="image">
      <img
        alt={props.alt}
        fetchPriority="high"
        decoding="async"
        sizes={props.srcSet ? IMAGE_SIZES : undefined}
        srcSet={props.srcSet}
        src={props.src}
      />
    </div>
  );
}
