// Builds what the card's HTML needs besides the profile (lib/card-assets.ts): its stylesheet,
// the script that makes its buttons work and the exchange sheet loaded on tap. Next bundles only
// what its pages and routes import, with its framework's runtime; the card is a route that
// answers plain HTML without that runtime (docs/performance.md), so its scripts are bundled here.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import {
  CARD_ASSETS_URL_PREFIX,
  SHEET_CHUNKS_GLOBAL,
  type CardAssets,
} from '../../lib/card-assets';
import { ROOT } from '../lib/paths';
import { CARD_ASSETS_PUBLIC_DIR, cardAssetsManifest, publicEnv } from './manifest';

const ENTRIES = {
  enhance: 'browser/card/enhance.ts',
  sheet: 'components/exchange/mount-sheet.tsx',
  card: 'components/card/card.css',
};

/** Each NEXT_PUBLIC_ variable as Next would inline it; any other process.env reads as empty. */
function defines(env: NodeJS.ProcessEnv): Record<string, string> {
  const values = Object.entries(publicEnv(env)).map(([name, value]) => [
    `process.env.${name}`,
    JSON.stringify(value),
  ]);
  return {
    ...Object.fromEntries(values),
    'process.env.NODE_ENV': JSON.stringify('production'),
    'process.env': '{}',
  };
}

const url = (file: string) => CARD_ASSETS_URL_PREFIX + path.basename(file);

/** The chunks an entry's script imports statically, directly or through each other. */
function staticChunks(metafile: Metafile, entryPoint: string): string[] {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((file) => outputs[file].entryPoint === entryPoint);
  const found = new Set<string>();
  const visit = (file: string) => {
    for (const { path: chunk, kind } of outputs[file]?.imports ?? []) {
      if (kind !== 'import-statement' || found.has(chunk)) continue;
      found.add(chunk);
      visit(chunk);
    }
  };
  if (entry) visit(entry);
  return [...found];
}

/** Bundles the card's assets for the browser configuration in `env`; returns the manifest path. */
export async function buildCardAssets(env: NodeJS.ProcessEnv): Promise<string> {
  const outdir = path.join(ROOT, CARD_ASSETS_PUBLIC_DIR);
  const options = {
    absWorkingDir: ROOT,
    outdir,
    bundle: true,
    format: 'esm',
    minify: true,
    // Greek as itself, two bytes a letter, rather than six of a \u escape: the script is inline.
    charset: 'utf8',
    // What Next's own browserslist default reaches.
    target: ['chrome111', 'edge111', 'firefox111', 'safari16'],
    jsx: 'automatic',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    define: defines(env),
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
  } satisfies BuildOptions;
  // The sheet is written to public/, split into chunks; what the HTML inlines is kept in memory,
  // one file each (a chunk shared with the sheet would be a request before the photo's paint).
  const sheet = await build({ ...options, entryPoints: { sheet: ENTRIES.sheet }, splitting: true });
  const inline = await build({
    ...options,
    entryPoints: { enhance: ENTRIES.enhance, card: ENTRIES.card },
    write: false,
    define: {
      ...options.define,
      // The card's script asks for these with the sheet's own script: otherwise the browser
      // learns of them only once that script has arrived, one round trip later.
      [SHEET_CHUNKS_GLOBAL]: JSON.stringify(staticChunks(sheet.metafile, ENTRIES.sheet).map(url)),
    },
  });
  const text = (ext: string): string => {
    const file = inline.outputFiles.find((f) => f.path.endsWith(ext));
    if (!file) throw new Error(`esbuild made no ${ext} for the card`);
    return file.text.trim();
  };
  const [sheetJs, entry] =
    Object.entries(sheet.metafile.outputs).find(([, meta]) => meta.entryPoint === ENTRIES.sheet) ??
    [];
  // The CSS a script imports comes out beside it.
  if (!sheetJs || !entry?.cssBundle)
    throw new Error(`esbuild wrote no script or stylesheet for ${ENTRIES.sheet}`);

  const assets: CardAssets = {
    css: text('.css'),
    enhance: text('.js'),
    sheet: url(sheetJs),
    sheetCss: url(entry.cssBundle),
  };
  const manifest = cardAssetsManifest(ROOT, env);
  mkdirSync(path.dirname(manifest), { recursive: true });
  // Written whole, then renamed: a build reading it never sees half a file.
  const partial = `${manifest}.${process.pid}`;
  writeFileSync(partial, JSON.stringify(assets));
  renameSync(partial, manifest);
  return manifest;
}
