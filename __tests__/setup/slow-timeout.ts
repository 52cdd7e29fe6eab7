// testTimeout is a global Jest option, ignored inside projects: the emulator and e2e projects
// (real Firestore, a real browser) set theirs here.
jest.setTimeout(60_000);
