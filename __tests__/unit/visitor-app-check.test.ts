// App Check is started before the contact write only when its site key is configured; without
// it, firebase/app-check is never even loaded. The Firebase modules are replaced: the real write
// runs against the emulator in e2e/.
const loaded: string[] = [];
const initializeAppCheck = jest.fn();
const addDoc = jest.fn(async () => ({ id: 'new-id' }));

jest.mock('firebase/app-check', () => {
  loaded.push('firebase/app-check');
  return {
    initializeAppCheck,
    ReCaptchaEnterpriseProvider: class {
      constructor(readonly siteKey: string) {}
    },
  };
});
jest.mock('firebase/app', () => ({
  getApps: () => [],
  getApp: jest.fn(),
  initializeApp: () => ({ name: 'karta-test' }),
}));
jest.mock('firebase/firestore/lite', () => ({
  addDoc,
  collection: jest.fn(() => 'contacts-ref'),
  connectFirestoreEmulator: jest.fn(),
  getFirestore: jest.fn(() => 'db'),
  serverTimestamp: jest.fn(() => 'now'),
}));

const KEY = 'NEXT_PUBLIC_RECAPTCHA_ENTERPRISE_SITE_KEY';
const saved = process.env[KEY];

beforeEach(() => {
  loaded.length = 0;
  initializeAppCheck.mockClear();
  addDoc.mockClear();
  jest.resetModules();
});
afterAll(() => {
  if (saved === undefined) delete process.env[KEY];
  else process.env[KEY] = saved;
});

async function send() {
  const client = await import('@/browser/visitor-contact');
  return client.sendContact('maria', { name: 'Άννα', email: 'anna@example.gr' });
}

test('with the site key: App Check with reCAPTCHA Enterprise starts before the write', async () => {
  process.env[KEY] = 'site-key-123';
  addDoc.mockImplementation(async () => {
    // The write happens after App Check is running, so it carries a token.
    expect(initializeAppCheck).toHaveBeenCalledTimes(1);
    return { id: 'new-id' };
  });
  await expect(send()).resolves.toBe('new-id');
  expect(loaded).toEqual(['firebase/app-check']);
  const [app, options] = initializeAppCheck.mock.calls[0] as [
    unknown,
    { provider: { siteKey: string }; isTokenAutoRefreshEnabled: boolean },
  ];
  expect(app).toEqual({ name: 'karta-test' });
  expect(options.provider.siteKey).toBe('site-key-123');
  expect(options.isTokenAutoRefreshEnabled).toBe(true);
  expect(addDoc).toHaveBeenCalledTimes(1);
});

test('without the site key: App Check is never loaded, and the write goes through', async () => {
  delete process.env[KEY];
  addDoc.mockImplementation(async () => ({ id: 'new-id' }));
  await expect(send()).resolves.toBe('new-id');
  expect(loaded).toEqual([]);
  expect(initializeAppCheck).not.toHaveBeenCalled();
});

test('the console starts on the same app: App Check once, before the console’s code loads', async () => {
  process.env[KEY] = 'site-key-123';
  const { afterWebApp, webApp } = await import('@/browser/firebase/web-app');
  const consoleLoaded = await afterWebApp(async () => {
    // What the console then does (sign-in, reads, listeners) already has App Check.
    expect(initializeAppCheck).toHaveBeenCalledTimes(1);
    return 'console';
  });
  expect(consoleLoaded).toBe('console');
  // The visitor's write would share the same app; App Check does not start twice.
  await webApp();
  await send();
  expect(initializeAppCheck).toHaveBeenCalledTimes(1);
});
