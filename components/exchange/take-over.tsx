'use client';

// The sheet's form replacing the card's plain one (browser/card/card-script.ts), which the visitor
// may be typing into as this runs. Once one of this form's fields can take focus (the sheet's
// content is `visibility: hidden` until its first frame, focus-when-shown.ts), in that one task:
// focus moves to the field the visitor was in, what the plain form holds now becomes this form's
// values (synchronously, flushSync), the caret goes back where it was, and the plain form closes.
// No key typed in between can land anywhere else: a task is never interrupted by input.
import { useFormikContext } from 'formik';
import { useEffect, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import type { PlainFormState, TakeOver } from '@/browser/card/sheet';
import type { ContactFormValues } from '@/lib/contact-form';
import { focusWhenShown } from './focus-when-shown';

/** Puts the caret back; an email field has no selection API (it throws), its caret stays at the end. */
function restoreCaret(input: HTMLInputElement, start: number | null, end: number | null): void {
  if (start === null || end === null) return;
  try {
    input.setSelectionRange(start, end);
  } catch {
    // An <input type="email">: see above.
  }
}

export function TakeOverPlainForm({
  takeOver,
  form,
}: {
  takeOver: TakeOver;
  form: RefObject<HTMLFormElement | null>;
}) {
  const { setValues, submitForm } = useFormikContext<ContactFormValues>();
  useEffect(() => {
    // Asked each frame, then used in the frame the field first takes focus.
    let state!: PlainFormState;
    // Never shown (a broken layout): past the deadline the plain form is left as it is, still
    // usable to read.
    return focusWhenShown(
      () => {
        // Read while the plain form's field still has focus (its caret is readable only then).
        state = takeOver.read();
        return form.current?.querySelector<HTMLInputElement>(
          state.focus ? `input[name="${state.focus.name}"]` : 'input',
        );
      },
      (input) => {
        const { values, focus } = state;
        flushSync(() => void setValues(values, false));
        if (focus) restoreCaret(input, focus.start, focus.end);
        takeOver.done();
        if (takeOver.submit) void submitForm();
      },
    );
    // Once per take-over: the form's key changes with each opening.
  }, [takeOver, form, setValues, submitForm]);
  return null;
}
