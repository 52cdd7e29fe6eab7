// For emulator tests of the directory (SCIM): its invitee accepts the invitation it mailed them,
// through the link's token and the invitations' own route, as the console does.
import type { Timestamp } from 'firebase-admin/firestore';
import { OUTBOX_COLLECTION } from '@/lib/collections';
import { INVITE_PARAM } from '@/lib/routes';
import { adminDb } from '@/server/firebase/admin-app';
import { POST as accept } from '@/app/api/owner/invites/[token]/route';
import { send, type Account, type Sent } from './company-api';

/** `who` accepts the newest invitation mailed to their address: the route's answer. */
export async function acceptNewestInvite(who: Account): Promise<Sent> {
  const mails = await adminDb().collection(OUTBOX_COLLECTION).where('to', '==', who.email).get();
  const newest = mails.docs
    .map((mail) => ({
      text: String(mail.get('text')),
      at: (mail.get('createdAt') as Timestamp).toMillis(),
    }))
    .sort((a, b) => a.at - b.at)
    .at(-1);
  const link = /https?:\/\/\S+/.exec(newest?.text ?? '')?.[0] as string;
  const inviteToken = new URL(link).searchParams.get(INVITE_PARAM) as string;
  return send(
    accept,
    `/api/owner/invites/${inviteToken}`,
    { token: inviteToken },
    { token: who.token, json: {} },
  );
}
