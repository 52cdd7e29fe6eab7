/**
 * Generates the local demo assets for karta. Deterministic: running it twice produces
 * byte-identical files. No network access is needed.
 *
 *   npm run make-demo-assets
 *
 * Writes:
 *   public/icons/*.svg               social tiles (80x80) and row icons (24x24)
 *   public/demo/{username}.jpg       600x600 abstract avatars for the demo profiles
 *   tools/data/demo-profiles.json    demo profiles for the seed script
 *   app/favicon.ico, app/icon.png, app/apple-icon.png
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'prettier';
import sharp from 'sharp';
import { PROFILE_FIELDS, type Profile } from '../lib/profile';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FONT = "'DejaVu Sans', 'Liberation Sans', sans-serif";

/* ------------------------------------------------------------------ icons */

/** Hand-drawn phone handset in a 24x24 box (spans roughly 4..20). */
const HANDSET =
  'M7 4h2.6l1.3 4.1-2.1 1.6c1.1 2.4 3.1 4.4 5.5 5.5l1.6-2.1 4.1 1.3V17c0 1.7-1.3 3-3 3' +
  'C10.4 19.6 4.4 13.6 4 7c0-1.7 1.3-3 3-3z';

const ROW_ATTRS =
  'xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" ' +
  'stroke="#333" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"';

const TILE_ATTRS = 'xmlns="http://www.w3.org/2000/svg" width="80" height="80" viewBox="0 0 80 80"';

const ICONS: Record<string, string> = {
  'facebook.svg': `<svg ${TILE_ATTRS}>
  <rect width="80" height="80" rx="18" fill="#1877F2"/>
  <path fill="#fff" d="M44.5 66V45h7.3l1.1-8.6h-8.4v-5.2c0-2.5.8-4.2 4.3-4.2H53v-7.6c-.8-.1-3.4-.4-6.6-.4-6.5 0-10.9 4-10.9 11.2v6.2h-7.3V45h7.3v21z"/>
</svg>
`,
  'instagram.svg': `<svg ${TILE_ATTRS}>
  <defs>
    <radialGradient id="g" cx="0.28" cy="1.05" r="1.25">
      <stop offset="0" stop-color="#FED373"/>
      <stop offset="0.22" stop-color="#F77737"/>
      <stop offset="0.45" stop-color="#E1306C"/>
      <stop offset="0.7" stop-color="#C13584"/>
      <stop offset="1" stop-color="#5851DB"/>
    </radialGradient>
  </defs>
  <rect width="80" height="80" rx="18" fill="url(#g)"/>
  <rect x="19" y="19" width="42" height="42" rx="12.5" fill="none" stroke="#fff" stroke-width="5"/>
  <circle cx="40" cy="40" r="9.8" fill="none" stroke="#fff" stroke-width="5"/>
  <circle cx="51.8" cy="28.2" r="3.1" fill="#fff"/>
</svg>
`,
  'viber.svg': `<svg ${TILE_ATTRS}>
  <rect width="80" height="80" rx="18" fill="#7360F2"/>
  <path fill="none" stroke="#fff" stroke-width="4.5" stroke-linejoin="round" d="M32 16h16a14 14 0 0 1 14 14v10a14 14 0 0 1-14 14H38l-9 8.5v-9.3A14 14 0 0 1 18 40V30a14 14 0 0 1 14-14z"/>
  <path fill="#fff" transform="translate(29.2 24.2) scale(0.9)" d="${HANDSET}"/>
  <path fill="none" stroke="#fff" stroke-width="2.2" stroke-linecap="round" d="M43 24.5a8.5 8.5 0 0 1 8.5 8.5M43 29a4 4 0 0 1 4 4"/>
</svg>
`,
  'whatsapp.svg': `<svg ${TILE_ATTRS}>
  <rect width="80" height="80" rx="18" fill="#25D366"/>
  <path fill="none" stroke="#fff" stroke-width="4.5" stroke-linejoin="round" d="M19.3 47.5A22 22 0 1 1 24.4 55.6L16.5 63z"/>
  <path fill="#fff" transform="translate(27.4 27.4) scale(1.05)" d="${HANDSET}"/>
</svg>
`,
  'email.svg': `<svg ${ROW_ATTRS}>
  <rect x="3" y="5" width="18" height="14" rx="2"/>
  <path d="m3.8 6.8 8.2 6.2 8.2-6.2"/>
</svg>
`,
  'phone.svg': `<svg ${ROW_ATTRS}>
  <path d="${HANDSET}"/>
</svg>
`,
  'address.svg': `<svg ${ROW_ATTRS}>
  <path d="M12 21.5s-7-6.1-7-11.8a7 7 0 0 1 14 0c0 5.7-7 11.8-7 11.8z"/>
  <circle cx="12" cy="9.6" r="2.6"/>
</svg>
`,
  'website.svg': `<svg ${ROW_ATTRS}>
  <circle cx="12" cy="12" r="9"/>
  <ellipse cx="12" cy="12" rx="3.8" ry="9"/>
  <path d="M3 12h18M4.6 7.5h14.8M4.6 16.5h14.8"/>
</svg>
`,
  'close.svg': `<svg ${ROW_ATTRS}>
  <path d="M6 6l12 12M18 6 6 18"/>
</svg>
`,
};

/* ---------------------------------------------------------------- avatars */

interface Palette {
  from: string;
  to: string;
  ink: string;
}

interface AvatarSpec {
  username: string;
  initials: string;
  palette: Palette;
}

/** Small deterministic PRNG (mulberry32) seeded from the username. */
function rng(seedText: string): () => number {
  let seed = 2166136261;
  for (const ch of seedText) seed = Math.imul(seed ^ ch.codePointAt(0)!, 16777619) >>> 0;
  return () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A two-stop gradient from the top-left corner to the bottom-right, indented to sit in <defs>. */
function diagonalGradient(id: string, from: string, to: string): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/>
      <stop offset="1" stop-color="${to}"/>
    </linearGradient>`;
}

function avatarSvg({ username, initials, palette }: AvatarSpec): string {
  const rand = rng(username);
  const bubbles = Array.from({ length: 5 }, () => {
    const cx = Math.round(rand() * 600);
    const cy = Math.round(rand() * 420);
    const r = Math.round(60 + rand() * 140);
    const o = (0.05 + rand() * 0.08).toFixed(3);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" fill-opacity="${o}"/>`;
  }).join('');
  const size = initials.length > 2 ? 64 : 76;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
  <defs>
    ${diagonalGradient('bg', palette.from, palette.to)}
    <radialGradient id="glow" cx="0.3" cy="0.2" r="0.8">
      <stop offset="0" stop-color="#fff" stop-opacity="0.28"/>
      <stop offset="1" stop-color="#fff" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="body" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#fff" stop-opacity="0.96"/>
      <stop offset="1" stop-color="#fff" stop-opacity="0.82"/>
    </linearGradient>
  </defs>
  <rect width="600" height="600" fill="url(#bg)"/>
  <rect width="600" height="600" fill="url(#glow)"/>
  ${bubbles}
  <ellipse cx="300" cy="606" rx="230" ry="26" fill="#000" fill-opacity="0.08"/>
  <path d="M96 620C96 470 188 384 300 384S504 470 504 620z" fill="url(#body)"/>
  <circle cx="300" cy="232" r="112" fill="url(#body)"/>
  <text x="300" y="${506 + size / 3}" text-anchor="middle" font-family="${FONT}" font-weight="bold"
    font-size="${size}" letter-spacing="4" fill="${palette.ink}">${initials}</text>
</svg>`;
}

/* --------------------------------------------------------------- profiles */

type ThumbStyle = 'bare' | 'dataUrl';

interface DemoEntry {
  profile: Profile;
  avatar?: { initials: string; palette: Palette; thumb: ThumbStyle };
}

const DEMO: DemoEntry[] = [
  {
    profile: {
      username: 'maria',
      firstName: 'Μαρία',
      lastName: 'Παπαδοπούλου',
      jobTitle: 'Αρχιτέκτονας',
      companyName: 'Studio Φως',
      city: 'Αθήνα',
      email: 'maria.papadopoulou@example.gr',
      phoneNumber: '+30 691 234 5678',
      address: 'Ερμού 45, 10563 Αθήνα',
      addressDetails: '2ος όροφος, γραφείο 4',
      websiteLink: 'https://www.example.gr',
      facebookLink: 'https://www.facebook.com/example',
      instagramLink: 'https://www.instagram.com/example',
    },
    avatar: {
      initials: 'ΜΠ',
      palette: { from: '#F6A38E', to: '#B04A7A', ink: '#9A3E6A' },
      thumb: 'bare',
    },
  },
  {
    profile: {
      username: 'nikos',
      firstName: 'Νίκος',
      lastName: 'Γεωργίου',
      jobTitle: 'Ορκωτός Λογιστής',
      companyName: 'Γεωργίου & Συνεργάτες Ο.Ε.',
      city: 'Αθήνα',
      email: 'nikos.georgiou@example.com',
      // An office landline, which has no Viber or WhatsApp: those use the mobile.
      phoneNumber: '210 123 4567',
      mobileNumber: '697 123 4567',
      address: 'Ακαδημίας 28, 10671 Αθήνα',
      websiteLink: 'https://www.example.com',
      accentColor: '#2d4f9e',
      links: [
        { kind: 'linkedin', url: 'https://www.linkedin.com/in/example' },
        { kind: 'github', url: 'https://github.com/example' },
      ],
    },
    avatar: {
      initials: 'ΝΓ',
      palette: { from: '#6FB7E9', to: '#2D4F9E', ink: '#2D4F9E' },
      thumb: 'bare',
    },
  },
  {
    profile: {
      username: 'eleni',
      firstName: 'Ελένη-Αικατερίνη',
      lastName: 'Χατζηδημητρίου-Παπαθανασίου',
      jobTitle: 'Προϊσταμένη Τμήματος Ανθρώπινου Δυναμικού και Εκπαίδευσης',
      companyName: 'Ελληνική Εταιρεία Ναυτιλιακών Υπηρεσιών και Εφοδιαστικής Αλυσίδας Α.Ε.',
      city: 'Θεσσαλονίκη',
      email: 'eleni.chatzidimitriou-papathanasiou@example.gr',
      phoneNumber: '0030 2310 123456',
      address: 'Λεωφόρος Βασιλίσσης Όλγας 112, Μπότσαρη, 54643 Θεσσαλονίκη',
      addressDetails: '3ος όροφος, διαμέρισμα Δ, κουδούνι «Χατζηδημητρίου»',
      instagramLink: 'https://www.instagram.com/example',
      accentColor: '#1f7a74',
      links: [
        { kind: 'linkedin', url: 'https://www.linkedin.com/in/example' },
        { kind: 'googlemaps', url: 'https://maps.app.goo.gl/example' },
        { kind: 'booking', url: 'https://www.booking.com/hotel/gr/example.html' },
        // A Greek label near the longest a label may be (29 of LINK_LABEL_MAX's 30 characters).
        {
          kind: 'link',
          url: 'https://seminars.example.gr/',
          label: 'Ναυτιλιακά σεμινάρια στελεχών',
        },
      ],
    },
    avatar: {
      initials: 'ΕΧ',
      palette: { from: '#8EDCC0', to: '#1F7A74', ink: '#1F6B66' },
      thumb: 'dataUrl',
    },
  },
  {
    profile: {
      username: 'kostas',
      firstName: 'Κώστας',
      lastName: 'Αντωνίου',
    },
  },
  {
    profile: {
      username: 'alice',
      firstName: 'Alice',
      lastName: 'Smith',
      jobTitle: 'Product Designer',
      companyName: 'Northwind Studio',
      city: 'London',
      email: 'alice.smith@example.com',
      phoneNumber: '+44 20 7946 0958',
      address: '221 Baker Street, London NW1 6XE',
      websiteLink: 'https://www.example.com',
      facebookLink: 'https://www.facebook.com/example',
    },
    avatar: {
      initials: 'AS',
      palette: { from: '#FFD27A', to: '#E0703A', ink: '#B9552A' },
      thumb: 'bare',
    },
  },
];

/* -------------------------------------------------------------- app icons */

/** karta logo: dark rounded card with a white geometric "k" and an accent stripe. */
function logoSvg(size: number, fullBleed = false): string {
  const r = fullBleed ? 0 : 112;
  // At favicon sizes the accent dot would blur into the "k": drop it and thicken the strokes.
  const small = size <= 16;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512">
  <defs>
    ${diagonalGradient('c', '#2B3445', '#111722')}
  </defs>
  <rect width="512" height="512" rx="${r}" fill="url(#c)"/>
  <g fill="none" stroke="#fff" stroke-width="${small ? 80 : 64}" stroke-linecap="round" stroke-linejoin="round">
    <path d="M180 112v288"/>
    <path d="M340 212 196 320M250 280l98 120"/>
  </g>
  ${small ? '' : '<circle cx="372" cy="140" r="36" fill="#F2A33A"/>'}
</svg>`;
}

/** Minimal ICO container holding PNG-compressed images (supported since Windows Vista). */
function buildIco(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  const entries: Buffer[] = [];
  let offset = 6 + 16 * images.length;
  for (const { size, png } of images) {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // width
    entry.writeUInt8(size >= 256 ? 0 : size, 1); // height
    entry.writeUInt8(0, 2); // palette colours
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    entries.push(entry);
  }
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}

/* ------------------------------------------------------------------- main */

const PNG_OPTIONS = { compressionLevel: 9, adaptiveFiltering: true } as const;

async function write(rel: string, data: string | Buffer): Promise<void> {
  const file = path.join(ROOT, rel);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, data);
  const bytes = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
  console.log(`${rel.padEnd(36)} ${(bytes / 1024).toFixed(1).padStart(6)} KB`);
}

async function main(): Promise<void> {
  for (const [name, svg] of Object.entries(ICONS)) await write(`public/icons/${name}`, svg);

  const profiles: Profile[] = [];
  for (const { profile, avatar } of DEMO) {
    if (!avatar) {
      profiles.push(profile);
      continue;
    }
    const svg = Buffer.from(avatarSvg({ username: profile.username, ...avatar }));
    const raster = await sharp(svg, { density: 72 }).flatten({ background: '#ffffff' }).toBuffer();
    const jpeg = await sharp(raster)
      .jpeg({ quality: 80, progressive: true, mozjpeg: true })
      .toBuffer();
    const displayImage = `/demo/${profile.username}.jpg`;
    await write(`public${displayImage}`, jpeg);
    const thumb = await sharp(raster)
      .resize(96, 96, { kernel: 'lanczos3' })
      .jpeg({ quality: 70, mozjpeg: true })
      .toBuffer();
    const b64 = thumb.toString('base64');
    const thumbnailBase64 = avatar.thumb === 'dataUrl' ? `data:image/jpeg;base64,${b64}` : b64;
    // Keep the documented field order (PROFILE_FIELDS, then links): displayImage and
    // thumbnailBase64 after websiteLink.
    const ordered: Profile = { username: profile.username, firstName: '', lastName: '' };
    for (const key of PROFILE_FIELDS) {
      const value =
        key === 'displayImage'
          ? displayImage
          : key === 'thumbnailBase64'
            ? thumbnailBase64
            : profile[key];
      if (value !== undefined) ordered[key] = value;
    }
    if (profile.links) ordered.links = profile.links;
    profiles.push(ordered);
  }
  const json = await format(JSON.stringify(profiles, null, 2), {
    parser: 'json',
    singleQuote: true,
    printWidth: 100,
  });
  await write('tools/data/demo-profiles.json', json);

  const logo = (size: number, fullBleed?: boolean) =>
    sharp(Buffer.from(logoSvg(size, fullBleed)))
      .png(PNG_OPTIONS)
      .toBuffer();
  await write('app/icon.png', await logo(512));
  // iOS applies its own rounded mask, so the apple icon is a full-bleed square.
  await write('app/apple-icon.png', await logo(180, true));
  await write(
    'app/favicon.ico',
    buildIco([
      { size: 32, png: await logo(32) },
      { size: 16, png: await logo(16) },
    ]),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
