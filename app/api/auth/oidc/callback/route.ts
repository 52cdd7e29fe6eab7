import { finishCompanySignIn } from '@/server/sso/flow';

// Back from the company's OpenID provider (server/sso/flow.ts).
export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  return finishCompanySignIn(request);
}
