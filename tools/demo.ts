// npm run demo: the stack (tools/lib/stack.ts) with the demo cards and their owners: emulators
// (Firestore, Auth), production build, server, and the daemon of `npm run watch` mailing new
// contacts to a mail catcher. Ctrl-C stops everything.
import { authMailUrl } from './lib/auth-emulator';
import { DEMO_INVITE, companyNote } from './lib/demo-company';
import { startDemoOidc, type DemoOidc } from './lib/demo-oidc';
import { demoScim } from './lib/demo-scim';
import { seedDemoTeam } from './lib/demo-teams';
import { ownerLine } from './lib/demo-owners';
import { EmulatorSetupError } from './lib/emulator';
import { DEMO_PROJECT_ID } from './lib/local-env';
import { ACCOUNT_PATH, INVITE_PARAM } from '../lib/routes';
import { DEMO_PROFILES_FILE } from './lib/paths';
import { onShutdown } from './lib/processes';
import { loadProfilesFile } from './lib/seed';
import { optionalPort, startStack, type Stack } from './lib/stack';

let stack: Stack | undefined;
let oidc: DemoOidc | undefined;

async function main(): Promise<void> {
  const profiles = loadProfilesFile(DEMO_PROFILES_FILE);
  stack = await startStack({
    projectId: DEMO_PROJECT_ID,
    profiles,
    auth: true,
    demoCompany: true,
    daemon: true,
    wallets: true,
    port: optionalPort('PORT') ?? 3000,
  });
  const { env, emulator, auth, owners, company, mail } = stack;
  const base = env.NEXT_PUBLIC_SITE_URL;
  console.log('\nkarta is running. Demo profiles:');
  for (const { username } of profiles) console.log(`  ${base}/${encodeURIComponent(username)}`);
  console.log(
    `\nOwner console: ${base}/account. Demo owners, their addresses verified (email, password, card):`,
  );
  for (const owner of owners) console.log(ownerLine(owner) + companyNote(company, owner.username));
  if (company) {
    // The invitation's e-mail was never queued; its link, opened with an account of its address.
    const link = new URL(
      `${ACCOUNT_PATH}?${INVITE_PARAM}=${encodeURIComponent(company.inviteToken)}`,
      base,
    );
    console.log(`invite: ${DEMO_INVITE.email} ${link.href} (pending, to ${company.name})`);
    // What an IT admin enters in Entra ID or Okta; the token is shown once, as in the console.
    // Written after the build, as a console's save would be: the daemon revalidates its member.
    await seedDemoTeam(stack.db);
    console.log('team: «Θεσσαλονίκη», its own address over the template, with /kostas in it');
    const site = base ?? stack.baseUrl;
    const scim = await demoScim(stack.db, site);
    console.log(`scim: ${scim.baseUrl} ${scim.token}`);
    if (auth) {
      oidc = await startDemoOidc({ siteUrl: site, authHostPort: auth.hostPort });
      console.log(oidc.line);
    }
  }
  console.log(`\nEmulators (project ${DEMO_PROJECT_ID}):`);
  console.log(`FIRESTORE_EMULATOR_HOST=${emulator.hostPort}`);
  if (auth) {
    console.log(`FIREBASE_AUTH_EMULATOR_HOST=${auth.hostPort}`);
    console.log(
      '\nAccount e-mails (address verification, password reset, address change) are not sent: ' +
        'their links are listed here (open an oobLink to apply it):',
    );
    console.log(`auth mail: ${authMailUrl(auth.hostPort, DEMO_PROJECT_ID)}`);
  }
  console.log(
    '\nWallets: «Κοινοποίηση» offers an Apple Wallet pass and a Google Wallet link, signed with ' +
      'stand-in credentials made for this run. An iPhone will not install such a pass (its ' +
      "certificate is not Apple's), and Google saves nothing for the made-up issuer.",
  );
  console.log('\nNew-contact e-mails to the owners:');
  console.log(
    mail ? `mail: ${mail.inboxUrl}` : 'mail: the SMTP server of SMTP_URL (no catcher started)',
  );
  console.log(`SMTP_URL=${env.SMTP_URL}`);
  console.log(
    'The change watcher revalidates a card when a write stamps its updatedAt (the owner ' +
      "console's do) and deletes erased cards' orphaned contacts. Ctrl-C stops.",
  );
}

onShutdown(async () => {
  await oidc?.stop();
  await stack?.stop();
});
main().catch(async (error: Error) => {
  console.error(error instanceof EmulatorSetupError ? error.message : error);
  await oidc?.stop();
  await stack?.stop();
  process.exit(1);
});
