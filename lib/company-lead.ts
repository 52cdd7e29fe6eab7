// Whose a contact left on a member card is: one left since the card joined its company is the
// company's lead (docs/companies.md), which only the company's admins may delete; one left before
// stays its owner's. The server's refusal and the console's delete button both ask here.

/** What the console shows, and the owner's refused delete answers, of a company's lead. */
export const COMPANY_LEAD_MESSAGE =
  'Η επαφή ανήκει στην εταιρεία: μόνο οι διαχειριστές της μπορούν να τη διαγράψουν.';

/**
 * A contact written at `createdAt` (ms) on a card that joined a company at `joinedAt` (ms;
 * undefined for a card of no company) is the company's.
 */
export function isCompanyLead(
  joinedAt: number | undefined,
  createdAt: number | undefined,
): boolean {
  return joinedAt !== undefined && (createdAt === undefined || createdAt >= joinedAt);
}
