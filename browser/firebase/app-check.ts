// Firebase App Check with the reCAPTCHA Enterprise provider, for the visitor's one write: with
// enforcement on in the Firebase console, Firestore refuses writes from anything but this site
// in a real browser (docs/visitors.md). Imported only when its site key is configured, so
// without the key not a byte of it (or of reCAPTCHA) loads.
import type { FirebaseApp } from 'firebase/app';

export async function startAppCheck(app: FirebaseApp, siteKey: string): Promise<void> {
  const { initializeAppCheck, ReCaptchaEnterpriseProvider } = await import('firebase/app-check');
  initializeAppCheck(app, {
    provider: new ReCaptchaEnterpriseProvider(siteKey),
    // Tokens are renewed while the sheet stays open, so a slow typist's send is not refused.
    isTokenAutoRefreshEnabled: true,
  });
}
