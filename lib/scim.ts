// Directory sync (SCIM 2.0, RFC 7643 and 7644): what the server (server/scim/) and the console's
// «Συγχρονισμός καταλόγου» screen share: where the service is, its schemas' names, and how a
// directory user's attributes become the card's fields.
import { env } from './env';

/** The service's path on the site; a company's token says which company a request is for. */
export const SCIM_BASE_PATH = '/scim/v2';

/** `{site}/scim/v2`, what an IT admin enters in Entra ID or Okta as the tenant URL. */
export function scimBaseUrl(site: URL | string = env.siteUrl): string {
  return new URL(SCIM_BASE_PATH, site).href;
}

export const SCIM_SCHEMAS = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  enterprise: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  karta: 'urn:ietf:params:scim:schemas:extension:karta:2.0:User',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  list: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patch: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

/** The mapping, as the console shows it and docs/companies.md tells it: SCIM attribute → card. */
export const SCIM_MAPPING: readonly { scim: string; card: string }[] = [
  { scim: 'userName, emails[type eq "work"]', card: 'Email σύνδεσης και email της κάρτας' },
  { scim: 'name.givenName, name.familyName', card: 'Όνομα και επώνυμο' },
  { scim: 'title', card: 'Θέση' },
  { scim: 'enterprise: department', card: 'Τμήμα, μετά τη θέση' },
  { scim: 'phoneNumbers[type eq "work"]', card: 'Τηλέφωνο' },
  { scim: 'phoneNumbers[type eq "mobile"]', card: 'Κινητό' },
  { scim: 'addresses[type eq "work"]', card: 'Διεύθυνση και πόλη' },
  { scim: 'active', card: 'false: η κάρτα απενεργοποιείται· true: επανέρχεται' },
];

/** The console's note under the mapping: the template wins over the directory. */
export const SCIM_LOCKED_NOTE =
  'Ένα πεδίο που κλειδώνει το πρότυπο της εταιρείας δείχνει πάντα την τιμή του προτύπου.';

/** One request of the company's SCIM log (server/scim/request-log.ts), as the console shows it. */
export interface ScimLogEntry {
  /** ISO time. */
  at: string;
  method: string;
  /** Below the base URL, with a list's filter. */
  path: string;
  status: number;
  scimType?: string;
  detail?: string;
  userName?: string;
}

/** GET /api/owner/companies/{id}/scim-log: the screen's state. */
export interface DirectorySyncAnswer {
  baseUrl: string;
  hasToken: boolean;
  /** ISO time of the current token. */
  tokenCreatedAt?: string;
  holdCardsUntilAccepted: boolean;
  log: ScimLogEntry[];
}
