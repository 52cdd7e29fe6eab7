/** @jest-environment jsdom */
import type { ReceivedContact } from '@/browser/owner/contacts';
import { countNewSince, isNewSince, readLastVisit, recordVisit } from '@/browser/owner/last-visit';

const at = (iso: string | null): ReceivedContact => ({
  id: iso ?? 'pending',
  name: 'x',
  email: 'x@example.gr',
  createdAt: iso === null ? null : new Date(iso),
  status: 'new',
  note: '',
  tags: [],
});

const CONTACTS = [at('2026-11-20T10:00:00Z'), at('2026-11-21T10:00:00Z'), at(null)];

test('a first visit counts every contact as new', () => {
  expect(countNewSince(CONTACTS, null)).toBe(3);
});

test('later visits count what arrived after the previous one, and a pending one', () => {
  const since = Date.parse('2026-11-20T12:00:00Z');
  expect(CONTACTS.map((c) => isNewSince(c, since))).toEqual([false, true, true]);
  expect(countNewSince(CONTACTS, since)).toBe(2);
});

test('the visit is kept per card in this browser', () => {
  expect(readLastVisit('maria', localStorage)).toBeNull();
  recordVisit('maria', 1234, localStorage);
  expect(readLastVisit('maria', localStorage)).toBe(1234);
  expect(readLastVisit('nikos', localStorage)).toBeNull();
});

test('no storage, or storage that throws, is a first visit', () => {
  expect(readLastVisit('maria', undefined)).toBeNull();
  const throwing = {
    getItem: () => {
      throw new Error('denied');
    },
    setItem: () => {
      throw new Error('denied');
    },
  } as unknown as Storage;
  expect(readLastVisit('maria', throwing)).toBeNull();
  expect(() => recordVisit('maria', 1, throwing)).not.toThrow();
});
