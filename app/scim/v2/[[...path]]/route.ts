import { handleScim } from '@/server/scim/router';

// The SCIM 2.0 service of every company (server/scim/): the bearer token says which. Never cached
// (each answer is no-store, and the route is dynamic).
export const dynamic = 'force-dynamic';

interface Context {
  params: Promise<{ path?: string[] }>;
}

async function answer(request: Request, { params }: Context): Promise<Response> {
  return handleScim(request, (await params).path ?? []);
}

export const GET = answer;
export const POST = answer;
export const PUT = answer;
export const PATCH = answer;
export const DELETE = answer;
