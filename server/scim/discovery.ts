// The service's description of itself (RFC 7644 §4): ServiceProviderConfig, ResourceTypes and
// Schemas, which Entra ID and Okta read before provisioning. No token's company changes them.
import 'server-only';
import { SCIM_SCHEMAS, scimBaseUrl } from '../../lib/scim';
import { SCIM_MAX_BODY_BYTES, ScimError, scimJson, scimList } from './errors';
import { USER_SCHEMAS } from './schemas';
import { MAX_PAGE } from './users-query';

const location = (path: string) => `${scimBaseUrl()}/${path}`;

function serviceProviderConfig() {
  return {
    schemas: [SCIM_SCHEMAS.serviceProviderConfig],
    documentationUri: `${scimBaseUrl()}`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: SCIM_MAX_BODY_BYTES },
    filter: { supported: true, maxResults: MAX_PAGE },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: true },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: 'The token an admin makes in karta’s console, «Συγχρονισμός καταλόγου».',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: location('ServiceProviderConfig') },
  };
}

function resourceTypes() {
  return [
    {
      schemas: [SCIM_SCHEMAS.resourceType],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'A person of the company, with a member card',
      schema: SCIM_SCHEMAS.user,
      schemaExtensions: [
        { schema: SCIM_SCHEMAS.enterprise, required: false },
        { schema: SCIM_SCHEMAS.karta, required: false },
      ],
      meta: { resourceType: 'ResourceType', location: location('ResourceTypes/User') },
    },
    {
      schemas: [SCIM_SCHEMAS.resourceType],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'A team of the company',
      schema: SCIM_SCHEMAS.group,
      meta: { resourceType: 'ResourceType', location: location('ResourceTypes/Group') },
    },
  ];
}

function schemas() {
  return USER_SCHEMAS.map((schema) => ({
    schemas: [SCIM_SCHEMAS.schema],
    ...schema,
    meta: { resourceType: 'Schema', location: location(`Schemas/${schema.id}`) },
  }));
}

/** One of the three, or one of its resources by id (`rest`); 404 for anything else. */
export function discovery(endpoint: string, rest: string[]): Response {
  if (endpoint === 'ServiceProviderConfig' && rest.length === 0) {
    return scimJson(200, serviceProviderConfig());
  }
  const all = endpoint === 'ResourceTypes' ? resourceTypes() : schemas();
  if (rest.length === 0) return scimList(all, all.length, 1);
  const one = all.find((resource) => resource.id === rest.join('/'));
  if (!one || rest.length > 1) throw new ScimError(404, 'No such resource.');
  return scimJson(200, one);
}
