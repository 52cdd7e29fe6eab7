// Signing in (email and password, or Google), signing up and out, verifying the address,
// resetting and changing the password, changing the address: Firebase Auth, its errors in Greek.
import {
  EmailAuthProvider,
  GoogleAuthProvider,
  createUserWithEmailAndPassword,
  deleteUser,
  onIdTokenChanged,
  reauthenticateWithCredential,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updatePassword,
  verifyBeforeUpdateEmail,
  type ActionCodeSettings,
  type User,
} from 'firebase/auth';
import { ACCOUNT_PATH, INVITE_PARAM } from '../../lib/routes';
import { ownerAuth } from './firebase';
import { keptInvite } from './invite-token';

export type { User };

export const AUTH_MESSAGES = {
  wrongCredentials: 'Λάθος email ή κωδικός',
  wrongCurrentPassword: 'Ο τρέχων κωδικός δεν είναι σωστός',
  emailInUse: 'Υπάρχει ήδη λογαριασμός με αυτό το email· συνδεθείτε',
  newEmailInUse: 'Αυτό το email ανήκει ήδη σε άλλον λογαριασμό',
  sameEmail: 'Αυτό είναι ήδη το email του λογαριασμού σας',
  weakPassword: 'Ο κωδικός χρειάζεται τουλάχιστον 6 χαρακτήρες',
  invalidEmail: 'Συμπληρώστε σωστό email',
  missingPassword: 'Συμπληρώστε τον κωδικό',
  tooMany: 'Πολλές προσπάθειες. Δοκιμάστε ξανά σε λίγο.',
  offline: 'Δεν υπάρχει σύνδεση. Δοκιμάστε ξανά.',
  recentLogin: 'Για λόγους ασφαλείας, αποσυνδεθείτε, συνδεθείτε ξανά και επαναλάβετε την αλλαγή.',
  popupBlocked:
    'Ο φυλλομετρητής δεν άνοιξε το παράθυρο της Google. Επιτρέψτε τα αναδυόμενα παράθυρα για αυτή τη σελίδα και δοκιμάστε ξανά.',
  popupClosed: 'Η σύνδεση με Google δεν ολοκληρώθηκε: το παράθυρό της έκλεισε.',
  otherProvider:
    'Υπάρχει ήδη λογαριασμός με αυτό το email και άλλον τρόπο σύνδεσης· συνδεθείτε με αυτόν.',
  disabled: 'Ο λογαριασμός έχει απενεργοποιηθεί.',
  sessionRevoked:
    'Για την ασφάλειά σας η σύνδεση έληξε (ο κωδικός άλλαξε ή ο λογαριασμός απενεργοποιήθηκε). Συνδεθείτε ξανά.',
  expiredLink: 'Ο σύνδεσμος έληξε ή χρησιμοποιήθηκε ήδη. Ζητήστε νέο.',
  failed: 'Κάτι πήγε στραβά. Δοκιμάστε ξανά.',
} as const;

const BY_CODE: Record<string, string> = {
  'auth/invalid-credential': AUTH_MESSAGES.wrongCredentials,
  'auth/wrong-password': AUTH_MESSAGES.wrongCredentials,
  'auth/user-not-found': AUTH_MESSAGES.wrongCredentials,
  'auth/invalid-login-credentials': AUTH_MESSAGES.wrongCredentials,
  'auth/email-already-in-use': AUTH_MESSAGES.emailInUse,
  'auth/weak-password': AUTH_MESSAGES.weakPassword,
  'auth/password-does-not-meet-requirements': AUTH_MESSAGES.weakPassword,
  'auth/invalid-email': AUTH_MESSAGES.invalidEmail,
  'auth/missing-email': AUTH_MESSAGES.invalidEmail,
  'auth/missing-password': AUTH_MESSAGES.missingPassword,
  'auth/too-many-requests': AUTH_MESSAGES.tooMany,
  'auth/quota-exceeded': AUTH_MESSAGES.tooMany,
  'auth/network-request-failed': AUTH_MESSAGES.offline,
  'auth/requires-recent-login': AUTH_MESSAGES.recentLogin,
  'auth/popup-blocked': AUTH_MESSAGES.popupBlocked,
  'auth/popup-closed-by-user': AUTH_MESSAGES.popupClosed,
  'auth/account-exists-with-different-credential': AUTH_MESSAGES.otherProvider,
  'auth/user-disabled': AUTH_MESSAGES.disabled,
  'auth/expired-action-code': AUTH_MESSAGES.expiredLink,
  'auth/invalid-action-code': AUTH_MESSAGES.expiredLink,
};

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The Greek message for a Firebase Auth error (or anything else thrown). */
export function authMessage(error: unknown): string {
  return BY_CODE[codeOf(error) ?? ''] || AUTH_MESSAGES.failed;
}

/**
 * Where the links of Firebase's e-mails lead once they are applied: back to the console, which
 * then finds the address verified (or the new password, or the new address, in use).
 */
function backToConsole(): ActionCodeSettings {
  const url = new URL(ACCOUNT_PATH, window.location.origin);
  // An invitation being accepted is carried through the link, which may open in another tab.
  const invite = keptInvite();
  if (invite) url.searchParams.set(INVITE_PARAM, invite);
  return { url: url.href };
}

/** Accounts whose ID token was renewed to carry their verified address, once each. */
const renewed = new Set<string>();

/**
 * Calls `listener` with the signed-in user, or null, now and on every change: sign-in, sign-out,
 * and each new ID token. The user is the same object each time: `verified` is its state as of
 * this call.
 *
 * An address verified since the session's ID token was issued (the SDK reads the account again
 * when a page opens; confirmVerified does on request) makes the token stale: its email_verified,
 * which the server reads before a claim, still says false. Such a token is renewed first, and the
 * listener hears of the account with the new one.
 */
export function watchUser(listener: (user: User | null, verified: boolean) => void): () => void {
  const auth = ownerAuth();
  return onIdTokenChanged(auth, async (user) => {
    if (user?.emailVerified && !renewed.has(user.uid)) {
      try {
        const { claims } = await user.getIdTokenResult();
        if (claims.email_verified !== true) {
          renewed.add(user.uid);
          // A new token calls this listener again.
          await user.getIdToken(true);
          return;
        }
      } catch {
        // Offline: the screens go on with what they know; the server refuses a stale token.
      }
      if (auth.currentUser !== user) return;
    }
    listener(user, user?.emailVerified ?? false);
  });
}

export async function signIn(email: string, password: string): Promise<User> {
  return (await signInWithEmailAndPassword(ownerAuth(), email.trim(), password)).user;
}

/**
 * Creates the account and asks Firebase to mail it a verification link. A link that could not be
 * sent is asked for again on the verification screen, which the new account sees next.
 */
export async function signUp(email: string, password: string): Promise<User> {
  const { user } = await createUserWithEmailAndPassword(ownerAuth(), email.trim(), password);
  await sendVerification(user).catch(() => undefined);
  return user;
}

/** Google's accounts come with their address verified by Google. */
export async function signInWithGoogle(): Promise<User> {
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  return (await signInWithPopup(ownerAuth(), provider)).user;
}

/** True when the user closed Google's window or clicked again: nothing to tell them. */
export function isCancelledPopup(error: unknown): boolean {
  return codeOf(error) === 'auth/cancelled-popup-request';
}

export function signOutOwner(): Promise<void> {
  return signOut(ownerAuth());
}

/** Why the last sign-out happened, when the owner did not ask for it; told once. */
let signOutNotice: string | undefined;

/**
 * Signs `user` out of this browser because karta's server refused its token as revoked (its
 * password changed or was reset elsewhere, or the account was disabled): the sign-in screen then
 * says so (takeSignOutNotice).
 */
export async function endRevokedSession(user: User): Promise<void> {
  const auth = ownerAuth();
  if (auth.currentUser !== user) return;
  signOutNotice = AUTH_MESSAGES.sessionRevoked;
  await signOut(auth);
}

/** The reason for the sign-out that just happened, if it was not asked for; then forgotten. */
export function takeSignOutNotice(): string | undefined {
  const notice = signOutNotice;
  signOutNotice = undefined;
  return notice;
}

export function sendVerification(user: User): Promise<void> {
  return sendEmailVerification(user, backToConsole());
}

/**
 * Reads the account again and returns whether its address is verified; watchUser's listeners hear
 * of it (with a renewed ID token once it is).
 */
export async function confirmVerified(user: User): Promise<boolean> {
  await user.reload();
  return user.emailVerified;
}

const LOOKS_LIKE_AN_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Mails a link for a new password. Whether an account has that address is never told: an unknown
 * address succeeds like a known one (Firebase's e-mail enumeration protection does the same).
 */
export async function sendPasswordReset(email: string): Promise<void> {
  // Checked here: an address that cannot exist would otherwise be told apart from one that can.
  if (!LOOKS_LIKE_AN_ADDRESS.test(email.trim())) {
    throw Object.assign(new Error('invalid email'), { code: 'auth/invalid-email' });
  }
  try {
    await sendPasswordResetEmail(ownerAuth(), email.trim(), backToConsole());
  } catch (error) {
    if (codeOf(error) !== 'auth/user-not-found') throw error;
  }
}

/** Whether the address has an account is not said: only that a link goes if it has one. */
export function resetSentMessage(email: string): string {
  return `Αν υπάρχει λογαριασμός με το ${email.trim()}, θα λάβετε σε λίγο email με σύνδεσμο για νέο κωδικό.`;
}

/** Whether the account signs in with a password (a Google-only account has none to change). */
export function hasPassword(user: User): boolean {
  return user.providerData.some((p) => p.providerId === EmailAuthProvider.PROVIDER_ID);
}

/** Proves the current password again, as Firebase asks before a sensitive change. */
async function reauthenticate(user: User, currentPassword: string): Promise<void> {
  if (!user.email) throw Object.assign(new Error('no email'), { code: 'auth/missing-email' });
  try {
    await reauthenticateWithCredential(
      user,
      EmailAuthProvider.credential(user.email, currentPassword),
    );
  } catch (error) {
    const code = codeOf(error);
    if (
      code === 'auth/invalid-credential' ||
      code === 'auth/wrong-password' ||
      code === 'auth/invalid-login-credentials'
    ) {
      throw new CurrentPasswordError();
    }
    throw error;
  }
}

/** The current password given for a change was wrong. */
export class CurrentPasswordError extends Error {
  override name = 'CurrentPasswordError';
  override message = AUTH_MESSAGES.wrongCurrentPassword;
}

/**
 * Firebase ends the account's other sessions on a password change (and on a reset by e-mail): it
 * moves the account's tokensValidAfterTime, so their ID tokens are refused as revoked by karta's
 * server and their refresh tokens by Firebase, while this session is handed new tokens.
 *
 * Those new tokens keep the auth_time of the proof of the current password, and Firebase keeps
 * tokensValidAfterTime in whole seconds, the second of the change: when the change reaches
 * Firebase in a later second than the proof (a slow phone or network), karta's server refuses them
 * as revoked too, and the next write would sign the owner out. This session therefore signs in
 * again with the new password after the change, which gives it an auth_time no earlier.
 */
export async function changePassword(
  user: User,
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  await reauthenticate(user, currentPassword);
  await updatePassword(user, newPassword);
  // The password has changed whatever happens now: offline here, the next write is refused and the
  // console asks to sign in again (with the new password), which is what the change means anyway.
  await reauthenticate(user, newPassword).catch(() => undefined);
}

/**
 * Mails a link to the new address; the account's address changes only when it is opened there,
 * so a mistyped address never takes the account. Until then the owner signs in with the old one.
 * A password account proves its password first; a Google account may be asked to sign in again.
 */
export async function changeEmail(
  user: User,
  newEmail: string,
  currentPassword: string | undefined,
): Promise<void> {
  const wanted = newEmail.trim();
  if (wanted.toLowerCase() === user.email?.toLowerCase()) {
    throw Object.assign(new Error(AUTH_MESSAGES.sameEmail), { code: 'karta/same-email' });
  }
  if (currentPassword !== undefined) await reauthenticate(user, currentPassword);
  await verifyBeforeUpdateEmail(user, wanted, backToConsole());
}

/** As authMessage, for the account's changes, whose errors say more than a sign-in's. */
export function changeMessage(error: unknown): string {
  if (error instanceof CurrentPasswordError) return error.message;
  const code = codeOf(error);
  if (code === 'karta/same-email') return AUTH_MESSAGES.sameEmail;
  if (code === 'auth/email-already-in-use') return AUTH_MESSAGES.newEmailInUse;
  return authMessage(error);
}

/**
 * Deletes the signed-in account itself. Firebase asks for a recent sign-in first
 * (auth/requires-recent-login): the caller then signs out and says so.
 */
export function deleteAccount(user: User): Promise<void> {
  return deleteUser(user);
}
