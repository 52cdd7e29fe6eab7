// A unit test's pace is not what it checks: beside the e2e build, the servers and Chromium on two
// cores (or any other load), rendering the sheet in jsdom can take many times its usual second.
// The limits leave room for that; a test that fails still fails, only later.
import { configure } from '@testing-library/react';

jest.setTimeout(30_000);
// How long findBy… and waitFor keep trying (1 s by default).
configure({ asyncUtilTimeout: 10_000 });
