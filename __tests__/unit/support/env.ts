/**
 * Puts process.env back after each test of the calling block as it was when the block was
 * declared: the variables a test set or changed are restored, those it added removed.
 */
export function restoreEnvAfterEach(): void {
  const saved = { ...process.env };
  afterEach(() => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  });
}
