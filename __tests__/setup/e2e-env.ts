// Runs before each e2e file: the variables of the run's stack (global-setup-e2e.ts), which the
// global set-up hands over in one variable, so that the other projects' files, in the same
// workers, keep their own emulator project.
export const E2E_ENV = 'KARTA_E2E_ENV';
export const e2eProjectId = 'demo-karta-e2e';

const vars = process.env[E2E_ENV];
if (vars) Object.assign(process.env, JSON.parse(vars));
