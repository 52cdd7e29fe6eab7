// The invitation's token as its invitee gets it: from the mail the run's daemon sent (the mail
// catcher's inbox), or from its outbox entry before that (the daemon deletes an entry once sent).
import { adminDb } from '@/server/firebase/admin-app';
import { OUTBOX_COLLECTION } from '@/lib/collections';
import { INVITE_PARAM } from '@/lib/routes';
import { mailInbox } from '@/tools/lib/mail-catcher';
import { eventually } from './eventually';

/** The invitation's token, from the mail the daemon sent, or from its outbox entry before that. */
export async function invitationToken(email: string): Promise<string> {
  const inbox = mailInbox(process.env.KARTA_MAIL_INBOX_URL as string);
  const text = await eventually(
    async () => {
      const mail = (await inbox.mails()).find((m) => m.to.some((to) => to.address === email));
      if (mail) return mail.text;
      const outbox = await adminDb().collection(OUTBOX_COLLECTION).where('to', '==', email).get();
      return outbox.docs[0]?.get('text') as string | undefined;
    },
    { what: `the invitation to ${email}` },
  );
  const link = /https?:\/\/\S+/.exec(text)?.[0];
  const token = link && new URL(link).searchParams.get(INVITE_PARAM);
  if (!token) throw new Error(`no invitation link in: ${text}`);
  return token;
}
