// The company leads' search and filters (lib/lead-filter.ts): by words in the name, e-mail or
// phone (accents, case and spacing aside), by member card, by status, by tag, and by days.
import { filterLeads, NO_FILTER, searchForm, tagsOf } from '@/lib/lead-filter';
import type { LeadStatus } from '@/lib/lead-status';

const lead = (
  username: string,
  name: string,
  email: string,
  day: string,
  phone?: string,
  status: LeadStatus = 'new',
  tags: string[] = [],
) => ({ username, name, email, phone, createdAt: new Date(`${day}T12:00`), status, tags });
const LEADS = [
  lead('sofia', 'Γιώργος Νικολάου', 'giorgos@example.gr', '2026-11-20', '+30 694 123 4567', 'won', [
    'VIP',
    'Έκθεση',
  ]),
  lead('alice', 'Anna Schmidt', 'anna@firma.de', '2026-11-10', undefined, 'contacted', ['vip']),
  lead('sofia', 'Ελένη Παππά', 'eleni@example.gr', '2026-11-01', '210-555-0101'),
];
const names = (filter: Partial<typeof NO_FILTER>) =>
  filterLeads(LEADS, { ...NO_FILTER, ...filter }).map((l) => l.name);

test('no filter keeps every lead, in order', () => {
  expect(names({})).toEqual(['Γιώργος Νικολάου', 'Anna Schmidt', 'Ελένη Παππά']);
});

test('a search ignores accents, case and the final sigma, and needs every word', () => {
  expect(searchForm('ΓΙΏΡΓΟΣ')).toBe('γιωργοσ');
  expect(names({ query: 'γιωργος' })).toEqual(['Γιώργος Νικολάου']);
  expect(names({ query: 'ΝΙΚΟΛΑΟΥ γιώργ' })).toEqual(['Γιώργος Νικολάου']);
  expect(names({ query: 'nikolaou' })).toEqual([]);
  expect(names({ query: 'FIRMA.de' })).toEqual(['Anna Schmidt']);
  expect(names({ query: 'example.gr' })).toEqual(['Γιώργος Νικολάου', 'Ελένη Παππά']);
});

test('a phone is found however it is spaced', () => {
  expect(names({ query: '6941234567' })).toEqual(['Γιώργος Νικολάου']);
  expect(names({ query: '210 555' })).toEqual(['Ελένη Παππά']);
});

test('by member card, and by days with both ends included', () => {
  expect(names({ member: 'sofia' })).toEqual(['Γιώργος Νικολάου', 'Ελένη Παππά']);
  expect(names({ from: '2026-11-10' })).toEqual(['Γιώργος Νικολάου', 'Anna Schmidt']);
  expect(names({ to: '2026-11-10' })).toEqual(['Anna Schmidt', 'Ελένη Παππά']);
  expect(names({ from: '2026-11-10', to: '2026-11-10', member: 'alice' })).toEqual([
    'Anna Schmidt',
  ]);
  expect(names({ member: 'alice', query: 'γιώργος' })).toEqual([]);
});

test('by status, beside the other filters', () => {
  expect(names({ status: 'won' })).toEqual(['Γιώργος Νικολάου']);
  expect(names({ status: 'new' })).toEqual(['Ελένη Παππά']);
  expect(names({ status: 'lost' })).toEqual([]);
  expect(names({ status: 'contacted', member: 'sofia' })).toEqual([]);
  expect(names({ status: 'new', member: 'sofia', query: 'παππα' })).toEqual(['Ελένη Παππά']);
});

test('a tag keeps the leads that carry it, whatever its case; the tags listed are each once', () => {
  expect(names({ tag: 'vip' })).toEqual(['Γιώργος Νικολάου', 'Anna Schmidt']);
  expect(names({ tag: 'ΈΚΘΕΣΗ' })).toEqual(['Γιώργος Νικολάου']);
  expect(names({ tag: 'VIP', status: 'contacted' })).toEqual(['Anna Schmidt']);
  expect(names({ tag: 'άλλη' })).toEqual([]);
  expect(tagsOf(LEADS)).toEqual(['Έκθεση', 'VIP']);
});
