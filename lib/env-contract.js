// @ts-check
const { existsSync } = require('node:fs');
// The configuration contract, checked when `next build`, `next start` or `next dev` loads
// next.config.js, so a missing or malformed variable stops with its name instead of a stack
// trace from deep inside an SDK. Plain CommonJS because next.config.js requires it.

/** The web app config: the client is initialised with all seven. */
const WEB_CONFIG_VARS = [
  'NEXT_PUBLIC_FIREBASE_PROJECT_ID',
  'NEXT_PUBLIC_FIREBASE_API_KEY',
  'NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN',
  'NEXT_PUBLIC_FIREBASE_STORAGE_BUCKET',
  'NEXT_PUBLIC_FIREBASE_MESSAGING_SENDER_ID',
  'NEXT_PUBLIC_FIREBASE_APP_ID',
  'NEXT_PUBLIC_FIREBASE_MEASUREMENT_ID',
];

const HOST_PORT = /^[A-Za-z0-9.-]+:\d{1,5}$|^\[[0-9a-fA-F:]+\]:\d{1,5}$/;

/**
 * @param {Record<string, string | undefined>} env
 * @returns {string[]} one message per problem, each naming its variable
 */
function envProblems(env) {
  /** @type {string[]} */
  const problems = [];
  for (const name of WEB_CONFIG_VARS) {
    if (!env[name] || !env[name].trim()) problems.push(`${name} is not set (see .env.example).`);
  }
  const projectId = env.NEXT_PUBLIC_FIREBASE_PROJECT_ID;
  if (projectId && !/^[a-z][a-z0-9-]{4,29}$/.test(projectId)) {
    problems.push(`NEXT_PUBLIC_FIREBASE_PROJECT_ID "${projectId}" is not a Firebase project id.`);
  }
  for (const name of ['FIRESTORE_EMULATOR_HOST', 'NEXT_PUBLIC_FIRESTORE_EMULATOR_HOST']) {
    const value = env[name];
    if (value && !HOST_PORT.test(value)) {
      problems.push(`${name} must be host:port (e.g. 127.0.0.1:8080), got "${value}".`);
    }
  }
  const key = env.FIREBASE_SERVICE_ACCOUNT_KEY;
  if (key) {
    try {
      const parsed = JSON.parse(key);
      if (!parsed || !parsed.client_email || !parsed.private_key) {
        problems.push('FIREBASE_SERVICE_ACCOUNT_KEY lacks client_email or private_key.');
      }
    } catch {
      problems.push('FIREBASE_SERVICE_ACCOUNT_KEY is not valid JSON (paste the whole key file).');
    }
  }
  const credentialsFile = env.GOOGLE_APPLICATION_CREDENTIALS;
  if (credentialsFile && !existsSync(credentialsFile)) {
    problems.push(
      `GOOGLE_APPLICATION_CREDENTIALS points to ${credentialsFile}, which does not exist.`,
    );
  }
  const siteUrl = env.NEXT_PUBLIC_SITE_URL;
  if (siteUrl) {
    let ok = false;
    try {
      ok = ['http:', 'https:'].includes(new URL(siteUrl).protocol);
    } catch {
      ok = false;
    }
    if (!ok) problems.push(`NEXT_PUBLIC_SITE_URL must be an http(s) URL, got "${siteUrl}".`);
  }
  const timeout = env.FIRESTORE_READ_TIMEOUT_MS;
  if (timeout && !/^[1-9]\d*$/.test(timeout)) {
    problems.push(
      `FIRESTORE_READ_TIMEOUT_MS must be a whole number of milliseconds, got "${timeout}".`,
    );
  }
  return problems;
}

/**
 * Throws one readable error listing every problem.
 * @param {Record<string, string | undefined>} env
 */
function assertEnv(env) {
  const problems = envProblems(env);
  if (problems.length > 0) {
    const error = new Error(`karta configuration:\n  - ${problems.join('\n  - ')}`);
    // A bare message, not a stack trace: the fix is in the environment, not the code.
    error.stack = error.message;
    throw error;
  }
}

module.exports = { WEB_CONFIG_VARS, envProblems, assertEnv };
