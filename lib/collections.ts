// Where karta keeps its data in Firestore: every collection, and each document field that code
// looks up by name. The browser, the server, the daemon and the tools all take the names from
// here. firestore.rules and firestore.indexes.json cannot import, so they write the same names
// literally; __tests__/emulator/rules-owner holds the rules to this module.
//
// The helpers give slash-separated paths, which both SDKs accept wherever they take a path
// (`doc(db, path)`, `db.doc(path)`, `db.collection(path)`).

import type { Firestore as AdminFirestore } from 'firebase-admin/firestore';

// ---------------------------------------------------------------------------------------------
// users/{username}: the cards, one document per public username.
export const USERS_COLLECTION = 'users';

// A claimed card records its owner's Firebase Auth uid here. It is never public: normaliseProfile
// copies only PROFILE_FIELDS (lib/profile.ts), so the page, its metadata and the vCard cannot see
// it. firestore.rules let only that uid read the card; karta's server lets only that uid write it.
export const OWNER_FIELD = 'ownerUid';

// How the daemon follows cards without holding them (daemon/card-watcher.ts): every write the app
// makes to a card sets UPDATED_FIELD to the server's time of that write (server/card-stamp.ts, for
// the owners' writes too: server/owner/), so the watcher asks only
// for cards written since it last looked. A claim also records CLAIMED_FIELD, the same server
// time: its owner reads only contacts created (and stats counted) at or after it. Neither is
// public (not in PROFILE_FIELDS).
export const UPDATED_FIELD = 'updatedAt';
export const CLAIMED_FIELD = 'claimedAt';

export const cardPath = (username: string) => `${USERS_COLLECTION}/${username}`;

// ---------------------------------------------------------------------------------------------
// users/{username}/contacts/{id}: what visitors left on the card (lib/contact-form.ts ContactDoc).
export const CONTACTS_COLLECTION = 'contacts';

/** The server's time of the visitor's write; every query of the owner's contacts ranges over it. */
export const CREATED_FIELD = 'createdAt';
/** The lead mailer's state of the contact (daemon/mail/lead-mailer.ts), beside what the visitor wrote. */
export const LEAD_MAIL_FIELD = 'leadMail';
/**
 * The server's time the daemon fanned the contact's lead.created out into deliveries
 * (daemon/deliveries/fan-out-leads.ts), in the same transaction; only the daemon writes it.
 */
export const LEAD_HOOKS_FIELD = 'hooksAt';
/** Where its follow-up stands (lib/lead-status.ts); only karta's server writes it. */
export const LEAD_STATUS_FIELD = 'status';

export const contactsPath = (username: string) => `${cardPath(username)}/${CONTACTS_COLLECTION}`;

// ---------------------------------------------------------------------------------------------
// users/{username}/stats/{YYYY-MM-DD}: the card's daily counts (lib/stats/events.ts), one
// document per Athens day, written only by the server.
export const STATS_COLLECTION = 'stats';

export const statsPath = (username: string) => `${cardPath(username)}/${STATS_COLLECTION}`;

// ---------------------------------------------------------------------------------------------
// users/{username}/photo/current: the card's uploaded photo (lib/card-photo.ts), one per card.
export const PHOTO_COLLECTION = 'photo';
export const PHOTO_DOC_ID = 'current';

const photosPath = (username: string) => `${cardPath(username)}/${PHOTO_COLLECTION}`;
export const photoDocPath = (username: string) => `${photosPath(username)}/${PHOTO_DOC_ID}`;

// ---------------------------------------------------------------------------------------------
// owners/{uid}: the one card that account owns, and the owner's choices; only that owner and the
// server can read it.
export const OWNERS_COLLECTION = 'owners';

/** The username of the account's card. */
export const OWNED_CARD_FIELD = 'username';
/** False turns the owner's new-contact e-mails off; absent or true, they are sent. */
export const NEW_CONTACT_MAIL_FIELD = 'newContactMail';

export const ownerPath = (uid: string) => `${OWNERS_COLLECTION}/${uid}`;

// ---------------------------------------------------------------------------------------------
// ownerWrites/{uid}: the account's current window of writes through karta's server
// (lib/owner-writes.ts), kept apart from owners/{uid} so that it outlives an erasure and a new
// claim. Server-only: the rules give browsers no access.
export const OWNER_WRITES_COLLECTION = 'ownerWrites';

export const ownerWritesPath = (uid: string) => `${OWNER_WRITES_COLLECTION}/${uid}`;

// ---------------------------------------------------------------------------------------------
// erasures/{username}: the tombstone an owner's erasure leaves, which the daemon answers by
// purging the card and deleting every contact its last owner could no longer read
// (daemon/cleanup/erasures.ts), then the tombstone itself.
export const ERASURES_COLLECTION = 'erasures';

/** The server's time of the erasure. */
export const ERASED_AT_FIELD = 'at';

export const erasurePath = (username: string) => `${ERASURES_COLLECTION}/${username}`;

// ---------------------------------------------------------------------------------------------
// leadDigests/{username}_{windowStart}: one card's hour of lead mail (daemon/mail/lead-mailer.ts),
// written only by the daemon (the rules let no browser read or write it). It holds the hour's
// quota of single mails and the contacts beyond it, counted for the one digest mailed when the
// hour ends: their number and the newest few, which the digest's mailing strips. The owner's
// erasure and the clean-up after it delete the card's digests.
export const LEAD_DIGESTS_COLLECTION = 'leadDigests';

/** The card the digest is for. */
export const DIGEST_USERNAME_FIELD = 'username';

/** True until the hour has ended and its digest was mailed, skipped, or not needed. */
export const DIGEST_OPEN_FIELD = 'open';

export const leadDigestPath = (username: string, windowStart: number) =>
  `${LEAD_DIGESTS_COLLECTION}/${username}_${windowStart}`;

// ---------------------------------------------------------------------------------------------
// Companies (lib/company.ts). A member card (users/{username}) records its company in
// COMPANY_FIELD and when it joined in JOINED_FIELD: the company's admins read the card's contacts
// and stats from then on. A card its owner left, or was removed from, is switched off: OFF_FIELD
// holds the server's time of it, ownerUid is gone (its former owner reads nothing of it), and the
// card keeps its company, so its username and leads stay the company's. None of these is public.
export const COMPANY_FIELD = 'companyId';
export const JOINED_FIELD = 'companyJoinedAt';
export const OFF_FIELD = 'offAt';

/**
 * Every card of company `id`, switched-off ones too, as firebase-admin asks for them (the server
 * and the daemon): the one place that query is written.
 */
export const companyCardsQuery = (db: AdminFirestore, id: string) =>
  db.collection(USERS_COLLECTION).where(COMPANY_FIELD, '==', id);

// companies/{id}: the company's name, its template (lib/company.ts CompanyTemplate), its logo's
// version (the bytes in companies/{id}/logo/current, as a card's photo), and the uids of its
// admins and of its active members (admins included), which firestore.rules read to decide who
// may read what. TEMPLATE_AT_FIELD is the server's time of the last template save: the watcher
// follows it to regenerate every member's card (a save that the server did not finish fanning out
// included), and it is part of each member card's version.
export const COMPANIES_COLLECTION = 'companies';
export const COMPANY_NAME_FIELD = 'name';
export const TEMPLATE_FIELD = 'template';
export const LOGO_VERSION_FIELD = 'logoVersion';
export const ADMINS_FIELD = 'admins';
export const MEMBER_UIDS_FIELD = 'memberUids';
export const TEMPLATE_AT_FIELD = 'templateAt';

export const companyPath = (id: string) => `${COMPANIES_COLLECTION}/${id}`;
export const companyLogoPath = (id: string) => `${companyPath(id)}/logo/current`;

// companies/{id}/members/{uid}: one per account that joined: { username (its card), role
// (lib/company.ts MemberRole), status (MemberStatus), joinedAt, removedAt?, firstName, lastName,
// email, formerCards? (its earlier cards in the company, when it left and joined again) }.
export const MEMBERS_COLLECTION = 'members';
export const membersPath = (id: string) => `${companyPath(id)}/${MEMBERS_COLLECTION}`;
export const memberPath = (id: string, uid: string) => `${membersPath(id)}/${uid}`;

// companies/{id}/invites/{inviteId}: { email (lower case), firstName?, lastName?, jobTitle?,
// status (InviteStatus), createdAt, expiresAt, invitedBy, acceptedBy? }. The invitation's link
// carries `{companyId}.{secret}`; inviteId is the secret's SHA-256 (hex), so the stored invite
// cannot be turned back into a working link.
export const INVITES_COLLECTION = 'invites';
export const invitesPath = (id: string) => `${companyPath(id)}/${INVITES_COLLECTION}`;
export const invitePath = (id: string, inviteId: string) => `${invitesPath(id)}/${inviteId}`;

// outbox/{id}: an e-mail karta's server asks the daemon's mailer to send (an invitation):
// { to, replyTo?, subject, text, html?, createdAt }. Server-only (the rules give browsers no
// access); the mailer deletes each once sent, so an invitation's secret is stored only until it is
// mailed.
export const OUTBOX_COLLECTION = 'outbox';
/** A mailer's claim on the mail while it sends it: { by (the mailer), until (a time) }. */
export const OUTBOX_SENDING_FIELD = 'sending';
/** Why the mail can never be sent (no address, subject or text): kept, never tried again. */
export const OUTBOX_FAILED_FIELD = 'failed';

// departures/{uid}: what an account's last membership ended in, for that account's console
// (the rules let only that account get it; the server writes it, and deletes it when the account
// claims or erases a card): the company's name, the card's username, when, whether an admin
// removed them, and where the card forwards to (lib/company-removal.ts Departure).
export const DEPARTURES_COLLECTION = 'departures';
export const departurePath = (uid: string) => `${DEPARTURES_COLLECTION}/${uid}`;

// inviteQuotas/{account-<uid> | company-<id>}: the invitations sent on the current Athens day
// ({ day, count }: lib/invite-quota.ts). Server-only: the rules give browsers no access.
const INVITE_QUOTAS_COLLECTION = 'inviteQuotas';
export const accountInviteQuotaPath = (uid: string) => `${INVITE_QUOTAS_COLLECTION}/account-${uid}`;
export const companyInviteQuotaPath = (id: string) => `${INVITE_QUOTAS_COLLECTION}/company-${id}`;

// ---------------------------------------------------------------------------------------------
// Sign-in with the company's account (OpenID Connect, server/sso/). All server-only: firestore.rules
// match none of these, so every browser is refused.
//
// signInConfigs/{companyId}: { issuer, clientId, secret (the client secret, sealed with AES-GCM by
// server/sso/secret-box.ts), domains (lower case), required, updatedAt, updatedBy }.
const SIGN_IN_CONFIGS_COLLECTION = 'signInConfigs';
export const signInConfigPath = (companyId: string) => `${SIGN_IN_CONFIGS_COLLECTION}/${companyId}`;
// signInDomains/{domain}: { companyId, required }: a domain belongs to one company, found from an
// address at sign-in and by the check that refuses password sign-in when the company requires its own.
const SIGN_IN_DOMAINS_COLLECTION = 'signInDomains';
export const signInDomainPath = (domain: string) => `${SIGN_IN_DOMAINS_COLLECTION}/${domain}`;
// signInStates/{sha256 of the state}: { companyId, nonce, verifier, expiresAt }: one sign-in under
// way at the company's provider, deleted by the callback that uses it (so a replayed state finds none).
const SIGN_IN_STATES_COLLECTION = 'signInStates';
export const signInStatePath = (hash: string) => `${SIGN_IN_STATES_COLLECTION}/${hash}`;

// ---------------------------------------------------------------------------------------------
// Directory sync (SCIM 2.0, server/scim/). All server-only: firestore.rules match none of these,
// so every browser is refused.
//
// scimTokens/{sha256 of the token}: { companyId, createdAt, createdBy }, the one way a SCIM
// request's bearer token finds its company. A company has at most one: a new token deletes the
// old one's document in the same transaction, and revoking deletes it.
export const SCIM_TOKENS_COLLECTION = 'scimTokens';
export const scimTokenPath = (hash: string) => `${SCIM_TOKENS_COLLECTION}/${hash}`;

// companies/{id}/scim/settings: { tokenHash?, tokenCreatedAt?, holdCardsUntilAccepted? } (the
// company's current token and its directory's choices).
export const scimSettingsPath = (id: string) => `${companyPath(id)}/scim/settings`;
/** True: a provisioned card stays switched off until its person accepts the invitation. */
export const HOLD_CARDS_FIELD = 'holdCardsUntilAccepted';

// companies/{id}/directoryUsers/{scimId}: a SCIM User as the directory sent it (server/scim/
// users-store.ts), with its card's `username`. The index companies/{id}/directoryUserNames/
// {userName in lower case} → { scimId } keeps userName unique per company inside a transaction.
export const DIRECTORY_USERS_COLLECTION = 'directoryUsers';
export const directoryUsersPath = (id: string) =>
  `${companyPath(id)}/${DIRECTORY_USERS_COLLECTION}`;
export const directoryUserPath = (id: string, scimId: string) =>
  `${directoryUsersPath(id)}/${scimId}`;
export const directoryUserNamePath = (id: string, userNameKey: string) =>
  `${companyPath(id)}/directoryUserNames/${userNameKey}`;
/** On a member card and on its invitation: the directory user (SCIM id) the card is for. */
export const DIRECTORY_USER_FIELD = 'directoryUserId';

// companies/{id}/scimLog/{auto id}: the company's last SCIM requests (server/scim/request-log.ts).
export const scimLogPath = (id: string) => `${companyPath(id)}/scimLog`;

// Teams (lib/teams.ts, server/company/teams.ts; SCIM Groups). companies/{id}/teams/{teamId}:
// { displayName, externalId?, overrides (template entries laid over the company's template on its
// members' cards), updatedAt (the server's time of the last change of its name or overrides: part
// of each member card's version) }. A member card holds its one team in TEAM_FIELD. The company's
// members read its teams (their card's preview shows them); only the server writes them.
export const TEAMS_COLLECTION = 'teams';
export const teamsPath = (id: string) => `${companyPath(id)}/${TEAMS_COLLECTION}`;
export const teamPath = (id: string, teamId: string) => `${teamsPath(id)}/${teamId}`;
export const TEAM_NAME_FIELD = 'displayName';
export const TEAM_EXTERNAL_ID_FIELD = 'externalId';
export const TEAM_OVERRIDES_FIELD = 'overrides';
export const TEAM_UPDATED_FIELD = 'updatedAt';
/** On a member card: its team's id. */
export const TEAM_FIELD = 'teamId';

/** The cards of one team of company `id`, switched-off ones too (firebase-admin). */
export const teamCardsQuery = (db: AdminFirestore, id: string, teamId: string) =>
  companyCardsQuery(db, id).where(TEAM_FIELD, '==', teamId);

// ---------------------------------------------------------------------------------------------
// Deliveries to other systems (lib/deliveries.ts): webhooks, Apple Wallet pushes and Google
// Wallet updates, through one outbox the daemon delivers (daemon/deliveries/). All server-only:
// firestore.rules match none of these, so every browser is refused.
//
// hookEvents/{eventId}: an event karta's server records in the transaction of the write it is
// about (lib/deliveries.ts HookEventDoc); the daemon fans it out into deliveries and deletes it.
export const HOOK_EVENTS_COLLECTION = 'hookEvents';
export const hookEventPath = (eventId: string) => `${HOOK_EVENTS_COLLECTION}/${eventId}`;
// deliveries/{idempotency key}: one event to one destination (lib/deliveries.ts DeliveryDoc),
// kept as the delivery log.
export const DELIVERIES_COLLECTION = 'deliveries';
export const deliveryPath = (key: string) => `${DELIVERIES_COLLECTION}/${key}`;
// webhookEndpoints/{id}: an https receiver registered for a card or for a company
// (lib/deliveries.ts WebhookEndpointDoc).
export const WEBHOOK_ENDPOINTS_COLLECTION = 'webhookEndpoints';
export const webhookEndpointPath = (id: string) => `${WEBHOOK_ENDPOINTS_COLLECTION}/${id}`;
// googleWalletObjects/{objectId}: a Google Wallet object a save link named (server/wallet/
// google-save.ts), { username, lang, createdAt }, so that the daemon's Google channel knows which
// objects a card's change or voiding PATCHes (daemon/deliveries/google-channel.ts). Server-only.
export const GOOGLE_OBJECTS_COLLECTION = 'googleWalletObjects';
export const googleObjectPath = (objectId: string) => `${GOOGLE_OBJECTS_COLLECTION}/${objectId}`;
/**
 * On a card: true from a write that owes its deliveries (card.updated to webhooks, updated
 * passes) until the daemon has fanned them out; set by cardChanged() (server/card-stamp.ts), so
 * a daemon stopped meanwhile finds it on its return.
 */
export const HOOKS_PENDING_FIELD = 'hooksPending';
// Apple Wallet's PassKit web service (app/api/passkit/, server/wallet/passkit-store.ts), read and
// written by the server and the daemon's APNs channel only:
// applePasses/{serialNumber}: a pass karta has served, the card and language it shows, its
// last-updated tag (whole seconds, so that HTTP's Last-Modified carries it) and whether it is voided.
export const APPLE_PASSES_COLLECTION = 'applePasses';
export const applePassDocPath = (serial: string) => `${APPLE_PASSES_COLLECTION}/${serial}`;
// passRegistrations/{id}: a device that registered for a pass's pushes, with its push token.
export const PASS_REGISTRATIONS_COLLECTION = 'passRegistrations';
export const passRegistrationPath = (id: string) => `${PASS_REGISTRATIONS_COLLECTION}/${id}`;
