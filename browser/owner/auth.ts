// Signing in, signing up and out, with Firebase Auth's errors said in Greek.
import {
  createUserWithEmailAndPassword,
  deleteUser,
  onAuthStateChanged,
  signInWithEmailAndPassword,
  signOut,
  type User,
} from 'firebase/auth';
import { ownerAuth } from './firebase';

export type { User };

export const AUTH_MESSAGES = {
  wrongCredentials: 'Λάθος email ή κωδικός',
  emailInUse: 'Υπάρχει ήδη λογαριασμός με αυτό το email· συνδεθείτε',
  weakPassword: 'Ο κωδικός χρειάζεται τουλάχιστον 6 χαρακτήρες',
  invalidEmail: 'Συμπληρώστε σωστό email',
  tooMany: 'Πολλές προσπάθειες. Δοκιμάστε ξανά σε λίγο.',
  offline: 'Δεν υπάρχει σύνδεση. Δοκιμάστε ξανά.',
  failed: 'Κάτι πήγε στραβά. Δοκιμάστε ξανά.',
} as const;

const BY_CODE: Record<string, string> = {
  'auth/invalid-credential': AUTH_MESSAGES.wrongCredentials,
  'auth/wrong-password': AUTH_MESSAGES.wrongCredentials,
  'auth/user-not-found': AUTH_MESSAGES.wrongCredentials,
  'auth/invalid-login-credentials': AUTH_MESSAGES.wrongCredentials,
  'auth/email-already-in-use': AUTH_MESSAGES.emailInUse,
  'auth/weak-password': AUTH_MESSAGES.weakPassword,
  'auth/invalid-email': AUTH_MESSAGES.invalidEmail,
  'auth/missing-email': AUTH_MESSAGES.invalidEmail,
  'auth/too-many-requests': AUTH_MESSAGES.tooMany,
  'auth/network-request-failed': AUTH_MESSAGES.offline,
};

/** The Greek message for a Firebase Auth error (or anything else thrown). */
export function authMessage(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return (typeof code === 'string' && BY_CODE[code]) || AUTH_MESSAGES.failed;
}

/** Calls `listener` with the signed-in user, or null, now and on every change. */
export function watchUser(listener: (user: User | null) => void): () => void {
  return onAuthStateChanged(ownerAuth(), listener);
}

export async function signIn(email: string, password: string): Promise<User> {
  return (await signInWithEmailAndPassword(ownerAuth(), email.trim(), password)).user;
}

export async function signUp(email: string, password: string): Promise<User> {
  return (await createUserWithEmailAndPassword(ownerAuth(), email.trim(), password)).user;
}

export function signOutOwner(): Promise<void> {
  return signOut(ownerAuth());
}

/**
 * Deletes the signed-in account itself. Firebase asks for a recent sign-in first
 * (auth/requires-recent-login): the caller then signs out and says so.
 */
export function deleteAccount(user: User): Promise<void> {
  return deleteUser(user);
}
