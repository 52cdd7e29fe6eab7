// The production path on one scale stack for the whole file (scale/stack.ts): Redis, two origins,
// Varnish, the daemon, in a project of their own on the run's one Firestore emulator, behind a
// relay that freezes and cuts it. Each section registers its tests; a section that breaks a part
// (Redis stopped or frozen, an origin stopped, Firestore frozen or cut) restores it before the
// next test.
import { cdnPurges } from './scale/cdn-purges';
import { companies } from './scale/companies';
import { productionPath } from './scale/production-path';
import { sharedCache } from './scale/shared-cache';
import { scaleContext } from './scale/stack';
import { stats } from './scale/stats';

const ctx = scaleContext();

describe('production path', () => productionPath(ctx));
describe('CDN purges and photos', () => cdnPurges(ctx));
describe('shared cache on Redis', () => sharedCache(ctx));
describe('visitor counts', () => stats(ctx));
describe('company cards', () => companies(ctx));
