// `npm run build`'s first step: the card's stylesheet and scripts (components/card/build/build.ts),
// for the configuration `next build` will read next (the environment and the .env files).
import { loadEnvConfig } from '@next/env';
import { buildCardAssets, ROOT } from './build';

loadEnvConfig(ROOT);
buildCardAssets(process.env).then(
  (manifest) => console.log(`Card assets: ${manifest}`),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
