// server/owner/auth.ts's call to firebase-admin, with adminAuth replaced: the Auth emulator checks
// revocation whatever verifyIdToken is asked (e2e/owner-api.test.ts revokes for real there), so
// only here does a test see that the server asks for the check, as production needs it to.
import { verifyOwner } from '@/server/owner/auth';
import { OwnerError } from '@/server/owner/respond';

const verifyIdToken = jest.fn();

jest.mock('@/server/firebase/admin-app', () => ({
  adminAuth: () => ({ verifyIdToken }),
}));

const request = (token: string) =>
  new Request('http://karta.test/api/owner/cards/maria', {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}` },
  });

beforeEach(() => verifyIdToken.mockReset());

test('asks firebase-admin to check that the token was not revoked nor its account disabled', async () => {
  verifyIdToken.mockResolvedValue({ uid: 'u1', email_verified: true });
  await expect(verifyOwner(request('a.b.c'))).resolves.toEqual({
    uid: 'u1',
    emailVerified: true,
  });
  expect(verifyIdToken.mock.calls).toEqual([['a.b.c', true]]);
});

test.each([
  ['auth/id-token-revoked', 'revoked'],
  ['auth/user-disabled', 'revoked'],
  ['auth/id-token-expired', 'expired'],
  ['auth/argument-error', 'invalid-token'],
  ['auth/user-not-found', 'invalid-token'],
])('%s is a 401 %s', async (code, error) => {
  verifyIdToken.mockRejectedValue(Object.assign(new Error(code), { code }));
  const refusal = await verifyOwner(request('a.b.c')).catch((caught: unknown) => caught);
  expect(refusal).toBeInstanceOf(OwnerError);
  expect([(refusal as OwnerError).status, (refusal as OwnerError).body]).toEqual([401, { error }]);
});

test('the server failing to check (auth/internal-error, no code) is not the token’s fault', async () => {
  for (const thrown of [
    Object.assign(new Error('down'), { code: 'auth/internal-error' }),
    new Error('socket hang up'),
  ]) {
    verifyIdToken.mockRejectedValue(thrown);
    await expect(verifyOwner(request('a.b.c'))).rejects.toBe(thrown);
  }
});
