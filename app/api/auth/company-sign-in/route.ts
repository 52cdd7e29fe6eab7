import { lookUpCompanySignIn } from '@/server/sso/lookup';

// Whether an address signs in with its company's account (server/sso/lookup.ts).
export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  return lookUpCompanySignIn(request);
}
