// A contact as the card's sheet adds it to users/{username}/contacts (browser/visitor-contact.ts):
// what the rules tests leave, refuse and count.
import { serverTimestamp, type DocumentData } from 'firebase/firestore';
import { CREATED_FIELD } from '@/lib/collections';

/** A name, an e-mail and the server's time, as sendContact writes them; then `overrides`. */
export function visitorContact(overrides: DocumentData = {}): DocumentData {
  return {
    name: 'Ελένη',
    email: 'eleni@example.gr',
    [CREATED_FIELD]: serverTimestamp(),
    ...overrides,
  };
}
