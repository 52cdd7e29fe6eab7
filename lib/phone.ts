// Phone numbers are typed by hand ("69 1234 5678", "+30-210-1234567", "0030 210 123 4567"),
// so links are built from a normalised form rather than from what was stored.

const LETTER = /\p{L}/u;

// Greek numbers are 10 digits: landlines start with 2, mobiles with 69.
function isGreekNational(digits: string): boolean {
  return digits.length === 10 && (digits.startsWith('2') || digits.startsWith('69'));
}

/**
 * International form "+<digits>" when it can be determined, else the digits as given (no '+');
 * undefined when there are no digits.
 */
export function normalisePhone(raw: string | undefined): string | undefined {
  if (typeof raw !== 'string') return undefined;

  let plus = false;
  let digits = '';
  // "+44 (0)20 …" is the UK/EU way to show the trunk prefix that must not be dialled from abroad.
  const text = raw.replace(/\(\s*0\s*\)/g, (match, offset: number) =>
    raw.slice(0, offset).includes('+') ? '' : match,
  );
  for (const char of text) {
    if (char >= '0' && char <= '9') {
      digits += char;
    } else if (char === '+' && digits === '') {
      plus = true;
    } else if (digits !== '' && LETTER.test(char)) {
      // Text after the number ("2101234567 εσωτ. 12", "… ext 3") is an extension or a note;
      // its digits must not be glued onto the number.
      break;
    }
    // Everything else (spaces, '-', '.', '(', ')', '/', labels before the number) is a separator.
  }
  if (digits === '') return undefined;

  if (!plus && digits.startsWith('00')) {
    plus = true;
    digits = digits.slice(2);
    if (digits === '') return undefined;
  }
  if (!plus && isGreekNational(digits)) return `+30${digits}`;
  // Country code typed without '+' or '00': "30 691 234 5678".
  if (!plus && digits.startsWith('30') && isGreekNational(digits.slice(2))) return `+${digits}`;
  return plus ? `+${digits}` : digits;
}

export function telLink(raw: string | undefined): string | undefined {
  const number = normalisePhone(raw);
  return number === undefined ? undefined : `tel:${number}`;
}

/**
 * Viber wants the international form with the '+' percent-encoded. When the country cannot be
 * determined the link still carries the digits as given: hiding the button would be worse than a
 * number Viber may not recognise.
 */
export function viberLink(raw: string | undefined): string | undefined {
  const number = normalisePhone(raw);
  return number === undefined ? undefined : `viber://chat?number=${encodeURIComponent(number)}`;
}

/** wa.me takes the international number as bare digits; same fallback as viberLink. */
export function whatsappLink(raw: string | undefined): string | undefined {
  const number = normalisePhone(raw);
  return number === undefined ? undefined : `https://wa.me/${number.replace('+', '')}`;
}
