import { startCompanySignIn } from '@/server/sso/flow';

// To the company's OpenID provider (server/sso/flow.ts).
export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  return startCompanySignIn(request);
}
