import { ensureEmulator } from './harness';

export default async function globalSetup(): Promise<void> {
  await ensureEmulator();
}
