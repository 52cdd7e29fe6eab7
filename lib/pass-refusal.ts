// How the Apple pass's signed link (app/api/wallet/[username], server/wallet/pass-link.ts) is
// refused. Whoever opens it is a person in Wallet, Safari or Mail, not the console: the answer is a
// line of Greek text, never the owner API's JSON (server/owner/respond.ts).

/** Why a pass link serves no pass. */
export type PassRefusal = 'no-wallet' | 'no-card' | 'card-off' | 'link';

/** Thrown below the pass route, which answers it with PASS_ANSWERS[reason]. */
export class PassRefused extends Error {
  override name = 'PassRefused';
  constructor(readonly reason: PassRefusal) {
    super(reason);
  }
}

interface PassAnswer {
  status: number;
  text: string;
}

const NO_PASS = 'Δεν υπάρχει κάρτα Apple Wallet εδώ.';

export const PASS_ANSWERS: Record<PassRefusal | 'failed', PassAnswer> = {
  /** Apple Wallet is not configured. */
  'no-wallet': { status: 404, text: NO_PASS },
  'no-card': { status: 404, text: NO_PASS },
  /** Switched off by its company. */
  'card-off': { status: 410, text: 'Αυτή η κάρτα δεν είναι πλέον ενεργή.' },
  /** Not signed for this card's owner and language, or expired. */
  link: {
    status: 403,
    text: 'Ο σύνδεσμος δεν ισχύει πια. Ανοίξτε την karta, «Κοινοποίηση», και πατήστε ξανά «Προσθήκη στο Apple Wallet».',
  },
  /** Anything else went wrong (logged). */
  failed: { status: 500, text: 'Κάτι πήγε στραβά. Δοκιμάστε ξανά σε λίγο.' },
};
