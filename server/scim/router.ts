// The SCIM service's one entry (app/scim/v2/[[...path]]/route.ts): the token's company first, then
// the endpoint; every refusal a SCIM error, every answer recorded in the company's request log
// after it is sent.
import 'server-only';
import { after } from 'next/server';
import { authenticateScim } from './context';
import { discovery } from './discovery';
import { ScimError, scimError } from './errors';
import { handleGroups } from './groups';
import { logScimRequest } from './request-log';
import { handleUsers } from './users';

const DISCOVERY = new Set(['serviceproviderconfig', 'resourcetypes', 'schemas']);

async function dispatch(request: Request, companyId: string, path: string[]): Promise<Response> {
  const [endpoint = '', ...rest] = path;
  const name = endpoint.toLowerCase();
  if (name === 'users') return handleUsers(request, { companyId }, rest);
  if (name === 'groups') return handleGroups(request, { companyId }, rest);
  if (DISCOVERY.has(name) && request.method === 'GET') {
    const canonical = ['ServiceProviderConfig', 'ResourceTypes', 'Schemas'].find(
      (e) => e.toLowerCase() === name,
    ) as string;
    return discovery(canonical, rest);
  }
  throw new ScimError(404, 'No such endpoint.');
}

/** Answers a request to `{site}/scim/v2/{path…}`. */
export async function handleScim(request: Request, path: string[]): Promise<Response> {
  const ctx = await authenticateScim(request);
  if (ctx instanceof Response) return ctx;
  let response: Response;
  try {
    response = await dispatch(request, ctx.companyId, path);
  } catch (error) {
    if (error instanceof ScimError) {
      response = error.toResponse();
    } else {
      console.error('A SCIM request failed:', error);
      response = scimError(500, 'The request failed.');
    }
  }
  const logged = response.clone();
  after(() => logScimRequest(ctx.companyId, request, logged));
  return response;
}
