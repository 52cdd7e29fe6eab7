// browser/owner/auth.ts changePassword's calls, with Firebase's web SDK replaced: the proof of the
// current password, the change, then a sign-in with the new password, whose failure (offline) does
// not undo a change that happened. emulator/password-change-session.test.ts runs them for real.
import type { User } from 'firebase/auth';
import { changePassword, CurrentPasswordError } from '@/browser/owner/auth';

const calls: string[] = [];
const reauthenticateWithCredential = jest.fn();
const updatePassword = jest.fn();

jest.mock('@/browser/owner/firebase', () => ({ ownerAuth: () => ({}) }));
jest.mock('firebase/auth', () => ({
  EmailAuthProvider: {
    PROVIDER_ID: 'password',
    credential: (email: string, password: string) => ({ email, password }),
  },
  reauthenticateWithCredential: (_user: unknown, credential: { password: string }) => {
    calls.push(`sign-in with ${credential.password}`);
    return reauthenticateWithCredential(credential.password);
  },
  updatePassword: (_user: unknown, password: string) => {
    calls.push(`change to ${password}`);
    return updatePassword(password);
  },
}));

const user = { email: 'maria@karta.test' } as User;

beforeEach(() => {
  calls.length = 0;
  reauthenticateWithCredential.mockReset().mockResolvedValue(undefined);
  updatePassword.mockReset().mockResolvedValue(undefined);
});

test('after the change, this session signs in again with the new password', async () => {
  await changePassword(user, 'old-password', 'new-password');
  expect(calls).toEqual([
    'sign-in with old-password',
    'change to new-password',
    'sign-in with new-password',
  ]);
});

test('offline after the change, the change is still reported done', async () => {
  reauthenticateWithCredential
    .mockResolvedValueOnce(undefined)
    .mockRejectedValueOnce(
      Object.assign(new Error('offline'), { code: 'auth/network-request-failed' }),
    );
  await expect(changePassword(user, 'old-password', 'new-password')).resolves.toBeUndefined();
  expect(calls).toHaveLength(3);
});

test('a wrong current password changes nothing', async () => {
  reauthenticateWithCredential.mockRejectedValueOnce(
    Object.assign(new Error('wrong'), { code: 'auth/invalid-credential' }),
  );
  await expect(changePassword(user, 'not-it', 'new-password')).rejects.toBeInstanceOf(
    CurrentPasswordError,
  );
  expect(calls).toEqual(['sign-in with not-it']);
});

test('a refused change is reported, and no sign-in follows it', async () => {
  updatePassword.mockRejectedValueOnce(
    Object.assign(new Error('weak'), { code: 'auth/weak-password' }),
  );
  await expect(changePassword(user, 'old-password', 'abc')).rejects.toMatchObject({
    code: 'auth/weak-password',
  });
  expect(calls).toEqual(['sign-in with old-password', 'change to abc']);
});
