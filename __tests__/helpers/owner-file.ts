// What an e2e file of owners sets up at its top level: the run's Chromium, and the owners it makes
// with a stamp of this run, so that a run's accounts and cards never meet an earlier run's on the
// same emulators.
import type { Browser } from 'playwright-core';
import { browserForThisFile } from './browser';
import { makeOwner, type Owner } from './owner';

export interface OwnerFile {
  browser: () => Browser;
  stamp: string;
  /** An account owning the card users/{username} with `fields`, under this file's stamp. */
  makeOwner: (username: string, fields: Record<string, string>) => Promise<Owner>;
}

/** Call it at the top level of the file, as browserForThisFile(). */
export function ownerFile(): OwnerFile {
  const stamp = Date.now().toString(36);
  return {
    browser: browserForThisFile(),
    stamp,
    makeOwner: (username, fields) => makeOwner(username, fields, stamp),
  };
}
