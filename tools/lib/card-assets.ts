// Builds what the card's HTML needs besides the profile (lib/card-assets.ts): its stylesheet,
// the script that makes its buttons work and the exchange sheet loaded on tap. Next bundles only
// what its pages and routes import, with its framework's runtime; the card is a route that
// answers plain HTML without that runtime (docs/performance.md), so its scripts are bundled here.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type BuildOptions } from 'esbuild';
import {
  CARD_ASSETS_PUBLIC_DIR,
  CARD_ASSETS_URL_PREFIX,
  cardAssetsManifest,
  publicEnv,
  type CardAssets,
} from '../../lib/card-assets';
import { ROOT } from './paths';

const ENTRIES = {
  enhance: 'components/card/island/enhance.ts',
  sheet: 'components/card/island/sheet.tsx',
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

/** Bundles the card's assets for the browser configuration in `env`; returns the manifest path. */
export async function buildCardAssets(env: NodeJS.ProcessEnv): Promise<string> {
  const outdir = path.join(ROOT, CARD_ASSETS_PUBLIC_DIR);
  const options = {
    absWorkingDir: ROOT,
    outdir,
    bundle: true,
    format: 'esm',
    minify: true,
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
  // The script the card loads with its HTML is one file, sharing no chunk with the sheet: a chunk
  // would be a second request, found only once the first has arrived.
  const [loadedFirst, onDemand] = await Promise.all([
    build({ ...options, entryPoints: { enhance: ENTRIES.enhance, card: ENTRIES.card } }),
    build({ ...options, entryPoints: { sheet: ENTRIES.sheet }, splitting: true }),
  ]);
  const result = {
    metafile: {
      outputs: { ...loadedFirst.metafile.outputs, ...onDemand.metafile.outputs },
    },
  };

  const outputs = Object.entries(result.metafile.outputs);
  const output = (entry: string): [string, (typeof outputs)[number][1]] => {
    const found = outputs.find(([, meta]) => meta.entryPoint === entry);
    if (!found) throw new Error(`esbuild wrote nothing for ${entry}`);
    return found;
  };
  // The CSS a script imports comes out beside it.
  const cssOf = (entry: string): string => {
    const bundle = output(entry)[1].cssBundle;
    if (!bundle) throw new Error(`esbuild wrote no stylesheet for ${entry}`);
    return bundle;
  };
  const url = (file: string) => CARD_ASSETS_URL_PREFIX + path.basename(file);

  const assets: CardAssets = {
    css: readFileSync(path.join(ROOT, output(ENTRIES.card)[0]), 'utf8').trim(),
    enhance: readFileSync(path.join(ROOT, output(ENTRIES.enhance)[0]), 'utf8').trim(),
    sheet: url(output(ENTRIES.sheet)[0]),
    sheetCss: url(cssOf(ENTRIES.sheet)),
  };
  const manifest = cardAssetsManifest(ROOT, env);
  mkdirSync(path.dirname(manifest), { recursive: true });
  // Written whole, then renamed: a server reading it never sees half a file.
  const partial = `${manifest}.${process.pid}`;
  writeFileSync(partial, JSON.stringify(assets));
  renameSync(partial, manifest);
  return manifest;
}
