// /Users (RFC 7644 §3): each method to its work, the answers as RFC 7644 words them (201 with
// Location and ETag, 204 for a delete).
import 'server-only';
import type { ScimContext } from './context';
import { ScimError, readScimJson, scimJson } from './errors';
import { listUsers, projection } from './users-query';
import {
  directoryUserOf,
  directoryUserRef,
  etagOf,
  userLocation,
  userResource,
} from './users-store';
import { createUser, deleteUser, updateUser, type WrittenUser } from './users-write';

const answerUser = (
  status: number,
  { scimId, doc }: WrittenUser,
  shape = (r: Record<string, unknown>) => r,
) =>
  scimJson(status, shape(userResource(scimId, doc)), {
    etag: etagOf(doc),
    ...(status === 201 ? { location: userLocation(scimId) } : {}),
  });

const NOT_FOUND = new ScimError(404, 'No such user.');

/** A SCIM id names a document: anything else is no user of ours. */
const ID = /^[0-9a-f]{32}$/;

export async function handleUsers(
  request: Request,
  ctx: ScimContext,
  rest: string[],
): Promise<Response> {
  const url = new URL(request.url);
  const method = request.method.toUpperCase();
  if (rest.length === 0) {
    if (method === 'GET') return listUsers(ctx.companyId, url);
    if (method === 'POST')
      return answerUser(201, await createUser(ctx, await readScimJson(request)));
    throw new ScimError(405, `${method} is not allowed on /Users.`);
  }
  const [id] = rest;
  if (rest.length > 1 || !ID.test(id)) throw NOT_FOUND;
  const ifMatch = request.headers.get('if-match');
  switch (method) {
    case 'GET': {
      const doc = directoryUserOf(await directoryUserRef(ctx.companyId, id).get());
      if (!doc) throw NOT_FOUND;
      return answerUser(200, { scimId: id, doc }, projection(url));
    }
    case 'PUT':
      return answerUser(
        200,
        await updateUser(ctx, id, { kind: 'replace', body: await readScimJson(request) }, ifMatch),
      );
    case 'PATCH':
      return answerUser(
        200,
        await updateUser(ctx, id, { kind: 'patch', body: await readScimJson(request) }, ifMatch),
      );
    case 'DELETE':
      await deleteUser(ctx, id, ifMatch);
      return scimJson(204);
    default:
      throw new ScimError(405, `${method} is not allowed on a User.`);
  }
}
