/**
 * Generates the local demo assets for karta. Deterministic: running it twice produces
 * byte-identical files. No network access is needed.
 *
 *   npm run make-demo-assets
 *
 * Writes:
 *   public/demo/{username}.jpg       600x600 abstract avatars for the demo profiles
 *   tools/data/demo-profiles.json    demo profiles for the seed script
 *   tools/data/studio-fos-logo.png   the logo of the demo's company, «Studio Φως»
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

/* ------------------------------------------------------- the company logo */

/** «Studio Φως» (light): a sun rising over a horizon, in the colours of Maria's card. */
function companyLogoSvg(size: number): string {
  const rays = Array.from({ length: 9 }, (_, i) => {
    const angle = Math.PI + (i * Math.PI) / 8;
    const [x1, y1] = [256 + Math.cos(angle) * 130, 300 + Math.sin(angle) * 130];
    const [x2, y2] = [256 + Math.cos(angle) * 190, 300 + Math.sin(angle) * 190];
    return `<path d="M${x1.toFixed(1)} ${y1.toFixed(1)}L${x2.toFixed(1)} ${y2.toFixed(1)}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512">
  <defs>
    ${diagonalGradient('sun', '#F6A38E', '#B04A7A')}
  </defs>
  <rect width="512" height="512" rx="96" fill="#fff"/>
  <g stroke="#B04A7A" stroke-width="22" stroke-linecap="round">${rays}</g>
  <path d="M156 300a100 100 0 0 1 200 0z" fill="url(#sun)"/>
  <path d="M96 330H416" stroke="#9A3E6A" stroke-width="24" stroke-linecap="round"/>
  <text x="256" y="430" text-anchor="middle" font-family="${FONT}" font-weight="bold"
    font-size="64" letter-spacing="6" fill="#9A3E6A">ΦΩΣ</text>
</svg>`;
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

  await write(
    'tools/data/studio-fos-logo.png',
    await sharp(Buffer.from(companyLogoSvg(256)))
      .png({ ...PNG_OPTIONS, palette: true })
      .toBuffer(),
  );

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
