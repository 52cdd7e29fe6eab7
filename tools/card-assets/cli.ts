// `npm run build`'s first step: the card's stylesheet and scripts (tools/card-assets/build.ts),
// for the configuration `next build` will read next (the environment and the .env files).
import { loadEnvConfig } from '@next/env';
import { ROOT } from '../lib/paths';
import { buildCardAssets } from './build';

loadEnvConfig(ROOT);
buildCardAssets(process.env).then(
  (manifest) => console.log(`Card assets: ${manifest}`),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
