'use client';

// A console form judged in the browser by the server's own parser (lib/webhook-input.ts,
// lib/company-sign-in.ts), then written: the parser's refusal and the server's both land beside
// the field they name, and only a refusal that names none becomes the status line, so one error
// is never shown twice.
import { useState } from 'react';

/** A parser's answer for input it refuses: the first field at fault and why. */
type FieldRefusal = { field: string; error: string };

/** A caught error as the form shows it: beside `field` when it names one. */
type Shown = { message: string; field?: string };

export function useFieldForm(refusal: (caught: unknown) => Shown) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  /**
   * Writes `parsed` with `write` unless the parser refused it, showing `pending` meanwhile; `write`
   * sets the status it ends with.
   */
  async function submit<T extends object>(
    parsed: T | FieldRefusal,
    pending: string,
    write: (input: T) => Promise<void>,
  ) {
    if (refused(parsed)) {
      setErrors({ [parsed.field]: parsed.error });
      setStatus('');
      return;
    }
    setErrors({});
    setBusy(true);
    setStatus(pending);
    try {
      await write(parsed);
    } catch (caught) {
      const { message, field } = refusal(caught);
      if (field) setErrors({ [field]: message });
      setStatus(field ? '' : message);
    } finally {
      setBusy(false);
    }
  }

  return { errors, setErrors, status, setStatus, busy, setBusy, submit };
}

const refused = (parsed: object): parsed is FieldRefusal => 'field' in parsed;
