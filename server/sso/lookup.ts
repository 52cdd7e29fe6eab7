// GET /api/auth/company-sign-in?email=: whether the address's domain signs in with its company's
// own account, and where that sign-in starts. It says nothing of the company (neither its id nor
// its name nor its provider): only what the domain of an address already tells.
import 'server-only';
import {
  COMPANY_SIGN_IN_PATHS,
  emailDomain,
  type CompanySignInLookup,
} from '../../lib/company-sign-in';
import { readDomainSignIn } from './require';

export async function lookUpCompanySignIn(request: Request): Promise<Response> {
  const email = new URL(request.url).searchParams.get('email') ?? '';
  const domain = emailDomain(email);
  const found = domain ? await readDomainSignIn(domain) : undefined;
  let body: CompanySignInLookup = { sso: false };
  if (domain && found) {
    const start = new URLSearchParams({ company: domain, email: email.trim() });
    body = {
      sso: true,
      required: found.required,
      start: `${COMPANY_SIGN_IN_PATHS.start}?${start}`,
    };
  }
  return Response.json(body, { headers: { 'cache-control': 'no-store' } });
}
