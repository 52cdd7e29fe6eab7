// A unit test's pace is not what it checks: beside the e2e build, the servers and Chromium on two
// cores (or any other load), rendering the sheet in jsdom can take many times its usual second.
// The limits leave room for that; a test that fails still fails, only later.
import { configure } from '@testing-library/react';
import { ceiling, WAIT_MS } from '../helpers/eventually';

jest.setTimeout(ceiling(WAIT_MS));
// How long findBy… and waitFor keep trying (1 s by default).
configure({ asyncUtilTimeout: ceiling(WAIT_MS / 3) });
