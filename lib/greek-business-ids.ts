// A Greek business's registry numbers: the ΑΦΜ (tax number, 9 digits, the last a check digit) and
// the ΓΕΜΗ number (General Commercial Registry, 12 digits). Written here, not taken from a library:
// the check is five lines, and the template editor runs it in the browser, where a VAT library for
// every country would weigh more than the form.

/** The ΑΦΜ as typed, in the form it is stored: its 9 digits, or null when it cannot be one. */
export function vatNumberDigits(typed: string): string | null {
  // As printed on invoices: "EL 094 014 201", "094.014.201". The VIES prefix is EL, never GR.
  const digits = typed.replace(/[\s.-]/g, '').replace(/^EL/i, '');
  return /^\d{9}$/.test(digits) ? digits : null;
}

/**
 * Whether 9 digits are an ΑΦΜ: the first eight, each times 2^(8-i), summed, mod 11, mod 10, are the
 * ninth. 000000000 passes that sum and is no one's.
 */
export function isVatNumber(digits: string): boolean {
  if (!/^\d{9}$/.test(digits) || digits === '000000000') return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(digits[i]) * 2 ** (8 - i);
  return (sum % 11) % 10 === Number(digits[8]);
}

/** The ΓΕΜΗ number as typed, in the form it is stored: its 12 digits, or null. */
export function gemiNumberDigits(typed: string): string | null {
  const digits = typed.replace(/[\s.-]/g, '');
  return /^\d{12}$/.test(digits) ? digits : null;
}

export const BUSINESS_ID_MESSAGES = {
  vatNumberDigits: 'Ο ΑΦΜ έχει 9 ψηφία',
  vatNumber: 'Ο ΑΦΜ δεν είναι έγκυρος· ελέγξτε τα ψηφία',
  gemiNumber: 'Ο αριθμός ΓΕΜΗ έχει 12 ψηφία',
} as const;

/** An ΑΦΜ as typed: its 9 digits, or why it is none, in Greek. */
export function judgeVatNumber(typed: string): { digits: string } | { error: string } {
  const digits = vatNumberDigits(typed);
  if (digits === null) return { error: BUSINESS_ID_MESSAGES.vatNumberDigits };
  return isVatNumber(digits) ? { digits } : { error: BUSINESS_ID_MESSAGES.vatNumber };
}

/** A ΓΕΜΗ number as typed: its 12 digits, or why it is none, in Greek. */
export function judgeGemiNumber(typed: string): { digits: string } | { error: string } {
  const digits = gemiNumberDigits(typed);
  return digits === null ? { error: BUSINESS_ID_MESSAGES.gemiNumber } : { digits };
}
