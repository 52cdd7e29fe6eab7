// Where a webhook may go (lib/webhook-address.ts, lib/webhook-input.ts, server/webhooks/resolve.ts):
// only public addresses; plain http and loopback only where the demo allows them, and never a
// link-local or metadata address; a name judged by every address it resolves to.
import { refusedAddress, refusedHost } from '@/lib/webhook-address';
import { WEBHOOK_MESSAGES, parseWebhookInput, webhookUrlProblem } from '@/lib/webhook-input';
import { resolvedHostProblem } from '@/server/webhooks/resolve';
import { openSecret, sealSecret } from '@/server/sso/secret-box';

test.each([
  ['93.184.215.14', undefined],
  ['2606:2800:21f:cb07:6820:80da:af6b:8b2c', undefined],
  ['127.0.0.1', 'loopback'],
  ['127.8.9.10', 'loopback'],
  ['::1', 'loopback'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['10.1.2.3', 'private'],
  ['172.16.0.1', 'private'],
  ['192.168.0.1', 'private'],
  ['100.64.0.1', 'private'],
  ['fc00::1', 'private'],
  ['169.254.169.254', 'metadata'],
  ['fd00:ec2::254', 'metadata'],
  ['169.254.1.1', 'link-local'],
  ['fe80::1', 'link-local'],
  ['0.0.0.0', 'reserved'],
  ['224.0.0.1', 'reserved'],
  ['255.255.255.255', 'reserved'],
  ['not-an-address', 'invalid'],
])('%s in production: %s', (ip, refused) => {
  expect(refusedAddress(ip, false)).toBe(refused);
});

test('the demo allows loopback, never link-local, metadata or private addresses', () => {
  expect(refusedAddress('127.0.0.1', true)).toBeUndefined();
  expect(refusedAddress('::1', true)).toBeUndefined();
  expect(refusedAddress('169.254.169.254', true)).toBe('metadata');
  expect(refusedAddress('169.254.1.1', true)).toBe('link-local');
  expect(refusedAddress('10.0.0.1', true)).toBe('private');
  expect(refusedHost('metadata.google.internal', true)).toBe('metadata');
  expect(refusedHost('localhost', false)).toBe('loopback');
  expect(refusedHost('api.localhost', false)).toBe('loopback');
  expect(refusedHost('localhost', true)).toBeUndefined();
  expect(refusedHost('crm.example.gr', false)).toBeUndefined();
});

test('outside the demo: https only, and loopback refused even over https', () => {
  expect(webhookUrlProblem('https://crm.example.gr/hooks', false)).toBeUndefined();
  expect(webhookUrlProblem('http://crm.example.gr/hooks', false)).toBe(WEBHOOK_MESSAGES.https);
  expect(webhookUrlProblem('http://127.0.0.1:8080/hooks', false)).toBe(
    WEBHOOK_MESSAGES.address('loopback'),
  );
  expect(webhookUrlProblem('https://localhost/hooks', false)).toBe(
    WEBHOOK_MESSAGES.address('loopback'),
  );
  // A decimal or hexadecimal spelling is the same address once the URL is parsed.
  expect(webhookUrlProblem('https://2130706433/hooks', false)).toBe(
    WEBHOOK_MESSAGES.address('loopback'),
  );
  expect(webhookUrlProblem('https://0xa9fea9fe/', false)).toBe(
    WEBHOOK_MESSAGES.address('metadata'),
  );
  // In the demo, plain http to loopback, never elsewhere.
  expect(webhookUrlProblem('http://127.0.0.1:8080/hooks', true)).toBeUndefined();
  expect(webhookUrlProblem('http://crm.example.gr/hooks', true)).toBe(WEBHOOK_MESSAGES.https);
});

test('the events: known ones, once each, in their listed order', () => {
  expect(
    parseWebhookInput(
      {
        url: ' https://crm.example.gr/h ',
        events: ['card.updated', 'lead.created', 'card.updated'],
      },
      { allowLoopback: false },
    ),
  ).toEqual({
    input: { url: 'https://crm.example.gr/h', events: ['lead.created', 'card.updated'] },
  });
  expect(
    parseWebhookInput(
      { url: 'https://crm.example.gr/h', events: ['card.voided'] },
      { allowLoopback: false },
    ),
  ).toEqual({ field: 'events', error: WEBHOOK_MESSAGES.unknownEvent('card.voided') });
});

test('a name is judged by every address it resolves to', async () => {
  const url = new URL('https://crm.example.gr/hooks');
  const resolvesTo =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address }));
  expect(await resolvedHostProblem(url, false, resolvesTo('93.184.215.14'))).toBeUndefined();
  expect(await resolvedHostProblem(url, false, resolvesTo('93.184.215.14', '10.0.0.5'))).toBe(
    WEBHOOK_MESSAGES.address('private'),
  );
  expect(await resolvedHostProblem(url, true, resolvesTo('169.254.169.254'))).toBe(
    WEBHOOK_MESSAGES.address('metadata'),
  );
  expect(await resolvedHostProblem(url, false, resolvesTo('127.0.0.1'))).toBe(
    WEBHOOK_MESSAGES.address('loopback'),
  );
  expect(await resolvedHostProblem(url, false, resolvesTo())).toBe(WEBHOOK_MESSAGES.unresolved);
  const failing = async () => {
    throw Object.assign(new Error('queryA ENOTFOUND'), { code: 'ENOTFOUND' });
  };
  expect(await resolvedHostProblem(url, false, failing)).toBe(WEBHOOK_MESSAGES.unresolved);
});

test('a webhook secret is sealed under its own key: the SSO key does not open it', () => {
  process.env.REVALIDATE_SECRET = 'webhook-unit-test-secret';
  const sealed = sealSecret('whsec_abc', 'endpoint-1', 'webhook');
  expect(openSecret(sealed, 'endpoint-1', 'webhook')).toBe('whsec_abc');
  expect(() => openSecret(sealed, 'endpoint-1')).toThrow();
  expect(() => openSecret(sealSecret('client', 'company-1'), 'company-1', 'webhook')).toThrow();
  delete process.env.REVALIDATE_SECRET;
});
