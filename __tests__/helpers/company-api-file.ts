// An emulator test file of the company API (company-api.ts), as rulesFile is one of the rules:
// its Auth emulator and project around the file's own hooks, and a card claimed as the console
// claims one, through the owners' route.
import { POST as claim } from '@/app/api/owner/cards/route';
import { send, startCompanyApi, stopCompanyApi, type Account } from './company-api';

/**
 * Registers the file's beforeAll and afterAll for the company API on project `project`. Called
 * before the file's own hooks, it starts first and stops first (Jest runs hooks in their order).
 */
export function companyApiFile(project: string): void {
  beforeAll(() => startCompanyApi(project));
  afterAll(stopCompanyApi);
}

/** `who` claims `username` with these fields through POST /api/owner/cards: the answer's status. */
export async function claimCard(who: Account, username: string, fields: object): Promise<number> {
  const claimed = await send(
    claim,
    '/api/owner/cards',
    {},
    { token: who.token, json: { username, fields } },
  );
  return claimed.status;
}
