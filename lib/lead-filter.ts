// Which leads the search and filters keep: the company's for its admins (components/account/
// company/CompanyLeads.tsx), the card's for its owner (components/account/ContactsPanel.tsx). Pure,
// so the console and its tests judge a lead alike.
import type { LeadStatus } from './lead-status';
import { tagKey } from './lead-workflow';

/** What the filter reads of a lead. */
export interface FilterableLead {
  /** The member card it was left on (the company's leads; the owner's have none). */
  username?: string;
  name: string;
  email: string;
  phone?: string;
  createdAt: Date | null;
  status: LeadStatus;
  tags: readonly string[];
}

export interface LeadFilter {
  /** Words looked for in the name, e-mail and phone, each anywhere; empty keeps every lead. */
  query: string;
  /** The member card's username; empty for every member. */
  member: string;
  /** The first and last day kept (`YYYY-MM-DD`, the browser's days, both included); empty: open. */
  from: string;
  to: string;
  /** One status kept; empty for every one. */
  status: LeadStatus | '';
  /** One tag kept (its case aside, as tags are told apart); empty for any. */
  tag: string;
}

export const NO_FILTER: LeadFilter = {
  query: '',
  member: '',
  from: '',
  to: '',
  status: '',
  tag: '',
};

/** The tags the leads carry, each once (its first spelling), in the order of Greek. */
export function tagsOf(leads: readonly FilterableLead[]): string[] {
  const tags = new Map<string, string>();
  for (const lead of leads) {
    for (const tag of lead.tags) if (!tags.has(tagKey(tag))) tags.set(tagKey(tag), tag);
  }
  return [...tags.values()].sort((a, b) => a.localeCompare(b, 'el'));
}

/**
 * Text as a search compares it: lower case, without accents, with a final sigma as any other, so
 * «μαρια» finds «Μαρία» and «ΝΙΚΟΛΑΟΥ» finds «Νικολάου».
 */
export function searchForm(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('el').replace(/ς/g, 'σ');
}

const digits = (text: string) => text.replace(/\D/g, '');

function matchesWord(lead: FilterableLead, word: string): boolean {
  const haystack = searchForm(`${lead.name} ${lead.email} ${lead.phone ?? ''}`);
  if (haystack.includes(word)) return true;
  // A phone is found however its spaces, dashes or +30 are written.
  const number = digits(word);
  return number.length >= 3 && number === word.replace(/[\s+()-]/g, '')
    ? digits(lead.phone ?? '').includes(number)
    : false;
}

/** The start of a `YYYY-MM-DD` day in the browser's zone, or null if it is none. */
function dayStart(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** The leads `filter` keeps, in their order. */
export function filterLeads<L extends FilterableLead>(
  leads: readonly L[],
  filter: LeadFilter,
): L[] {
  const words = searchForm(filter.query).split(/\s+/).filter(Boolean);
  const from = dayStart(filter.from);
  const toStart = dayStart(filter.to);
  const to = toStart && new Date(toStart.getFullYear(), toStart.getMonth(), toStart.getDate() + 1);
  const tag = filter.tag && tagKey(filter.tag);
  return leads.filter((lead) => {
    if (filter.member && lead.username !== filter.member) return false;
    if (filter.status && lead.status !== filter.status) return false;
    if (tag && !lead.tags.some((t) => tagKey(t) === tag)) return false;
    if (from || to) {
      // A lead still being written has no time yet: it is newer than any day asked for.
      const at = lead.createdAt ?? new Date();
      if (from && at < from) return false;
      if (to && at >= to) return false;
    }
    return words.every((word) => matchesWord(lead, word));
  });
}
