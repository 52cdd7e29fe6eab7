// The icons of the contact rows and of the social bar, drawn inline in the card's HTML: as images
// they were eight requests and eight SVG documents for the browser to set up before the card
// settled, each sharing a slow network with the photo (docs/performance.md).
import type { RowKind, SocialKind } from './profile-view';

/** A phone handset in a 24×24 box (spanning about 4..20). */
const HANDSET =
  'M7 4h2.6l1.3 4.1-2.1 1.6c1.1 2.4 3.1 4.4 5.5 5.5l1.6-2.1 4.1 1.3V17c0 1.7-1.3 3-3 3' +
  'C10.4 19.6 4.4 13.6 4 7c0-1.7 1.3-3 3-3z';

const ROW_SHAPES: Readonly<Record<RowKind, React.ReactNode>> = {
  email: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3.8 6.8 8.2 6.2 8.2-6.2" />
    </>
  ),
  mobile: (
    <>
      <rect x="6.5" y="2.5" width="11" height="19" rx="2" />
      <path d="M11 18.5h2" />
    </>
  ),
  phone: <path d={HANDSET} />,
  address: (
    <>
      <path d="M12 21.5s-7-6.1-7-11.8a7 7 0 0 1 14 0c0 5.7-7 11.8-7 11.8z" />
      <circle cx="12" cy="9.6" r="2.6" />
    </>
  ),
  website: (
    <>
      <circle cx="12" cy="12" r="9" />
      <ellipse cx="12" cy="12" rx="3.8" ry="9" />
      <path d="M3 12h18M4.6 7.5h14.8M4.6 16.5h14.8" />
    </>
  ),
};

/** A row's icon: strokes in the text's colour (`.icon` in card.css), in either scheme. */
export function RowIcon({ kind }: { kind: RowKind }) {
  return (
    <svg viewBox="0 0 24 24" width={24} height={24} aria-hidden="true" className="icon rowIcon">
      {ROW_SHAPES[kind]}
    </svg>
  );
}

const WHITE_STROKE = { fill: 'none', stroke: '#fff', strokeLinejoin: 'round' } as const;

const TILES: Readonly<Record<SocialKind, { color: string; shapes: React.ReactNode }>> = {
  facebook: {
    color: '#1877F2',
    shapes: (
      <path
        fill="#fff"
        d="M44.5 66V45h7.3l1.1-8.6h-8.4v-5.2c0-2.5.8-4.2 4.3-4.2H53v-7.6c-.8-.1-3.4-.4-6.6-.4-6.5 0-10.9 4-10.9 11.2v6.2h-7.3V45h7.3v21z"
      />
    ),
  },
  instagram: {
    // The tile's gradient, named by an id unique in the card's document.
    color: 'url(#instagram-tile)',
    shapes: (
      <>
        <defs>
          <radialGradient id="instagram-tile" cx="0.28" cy="1.05" r="1.25">
            <stop offset="0" stopColor="#FED373" />
            <stop offset="0.22" stopColor="#F77737" />
            <stop offset="0.45" stopColor="#E1306C" />
            <stop offset="0.7" stopColor="#C13584" />
            <stop offset="1" stopColor="#5851DB" />
          </radialGradient>
        </defs>
        <rect x="19" y="19" width="42" height="42" rx="12.5" strokeWidth="5" {...WHITE_STROKE} />
        <circle cx="40" cy="40" r="9.8" strokeWidth="5" {...WHITE_STROKE} />
        <circle cx="51.8" cy="28.2" r="3.1" fill="#fff" />
      </>
    ),
  },
  viber: {
    color: '#7360F2',
    shapes: (
      <>
        <path
          strokeWidth="4.5"
          {...WHITE_STROKE}
          d="M32 16h16a14 14 0 0 1 14 14v10a14 14 0 0 1-14 14H38l-9 8.5v-9.3A14 14 0 0 1 18 40V30a14 14 0 0 1 14-14z"
        />
        <path fill="#fff" transform="translate(29.2 24.2) scale(0.9)" d={HANDSET} />
        <path
          fill="none"
          stroke="#fff"
          strokeWidth="2.2"
          strokeLinecap="round"
          d="M43 24.5a8.5 8.5 0 0 1 8.5 8.5M43 29a4 4 0 0 1 4 4"
        />
      </>
    ),
  },
  whatsapp: {
    color: '#25D366',
    shapes: (
      <>
        <path strokeWidth="4.5" {...WHITE_STROKE} d="M19.3 47.5A22 22 0 1 1 24.4 55.6L16.5 63z" />
        <path fill="#fff" transform="translate(27.4 27.4) scale(1.05)" d={HANDSET} />
      </>
    ),
  },
};

/** A network's or messenger's tile in its brand colour, 80×80. */
export function SocialTile({ kind }: { kind: SocialKind }) {
  const { color, shapes } = TILES[kind];
  return (
    <svg viewBox="0 0 80 80" width={80} height={80} aria-hidden="true" className="socialTile">
      <rect width="80" height="80" rx="18" fill={color} />
      {shapes}
    </svg>
  );
}
