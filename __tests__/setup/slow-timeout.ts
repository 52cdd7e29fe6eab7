// testTimeout is a global Jest option, ignored inside projects: the emulator and e2e projects
// (real Firestore, a real browser) set theirs here. It bounds a hang, not a pace: each of a test's
// waits has its own ceiling (WAIT_MS), and a test or hook holds several of them.
import { ceiling, TEST_MS } from '../helpers/eventually';

jest.setTimeout(ceiling(TEST_MS));
