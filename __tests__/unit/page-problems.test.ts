import { realProblems } from '@/__tests__/helpers/page-problems';

const CHANNEL = 'http://127.0.0.1:8080/google.firestore.v1.Firestore/Listen/channel?database=x';
const CONSOLE_400 =
  'console: Failed to load resource: the server responded with a status of 400 (Bad Request)';
// As a CI run on a busy machine printed them, after a verification refreshed the token.
const PROBE = [
  'failed: https://www.google.com/images/cleardot.gif?zx=2qzk30v8ga1f net::ERR_NAME_NOT_RESOLVED',
  'console: Failed to load resource: net::ERR_NAME_NOT_RESOLVED',
];

test("a stream request answered 400 excuses its console line and the SDK's network probe", () => {
  const responses = [`400 ${CHANNEL}&gsessionid=a&SID=b&RID=rpc&TYPE=xmlhttp`];
  expect(realProblems([CONSOLE_400, ...PROBE], responses)).toEqual([]);
});

test('a terminate answered 400 excuses its console line but no probe, which it never causes', () => {
  const responses = [`400 ${CHANNEL}&SID=b&RID=3&TYPE=terminate`];
  expect(realProblems([CONSOLE_400, ...PROBE], responses)).toEqual(PROBE);
});

test('without a 400 from a Firestore stream, a 400 and the probe are problems', () => {
  const responses = ['400 http://127.0.0.1:3000/api/owner/cards'];
  expect(realProblems([CONSOLE_400, ...PROBE], responses)).toEqual([CONSOLE_400, ...PROBE]);
});

test('each 400 excuses one line of each kind, no more', () => {
  const responses = [`400 ${CHANNEL}&TYPE=xmlhttp`];
  expect(realProblems([CONSOLE_400, CONSOLE_400, ...PROBE, ...PROBE], responses)).toEqual([
    CONSOLE_400,
    ...PROBE,
  ]);
});

test('another unresolved host is a problem, whatever the streams did', () => {
  const elsewhere = 'failed: https://fonts.googleapis.com/css net::ERR_NAME_NOT_RESOLVED';
  expect(realProblems([elsewhere], [`400 ${CHANNEL}&TYPE=xmlhttp`])).toEqual([elsewhere]);
});
