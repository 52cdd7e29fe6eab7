// The exchange sheet's form as plain HTML in the card, hidden until the visitor taps «Ανταλλαγή
// στοιχείων»: the card's script (browser/card/card-script.ts) shows it at once, so typing needs no
// framework, and the sheet (components/exchange, React, Formik, yup, Firestore) takes over from it
// with what was typed once its code has arrived. The same fields and words as the sheet's
// (lib/contact-form.ts CONTACT_FIELDS, lib/contact-texts.ts), and the same classes for the parts
// both have (.sheet… in card.css).
import { CONTACT_FIELDS } from '@/lib/contact-form';
import { CONTACT_TEXTS, privacyLine, withName } from '@/lib/contact-texts';
import { PRIVACY_PATH, type CardLanguage } from '@/lib/routes';

export function PlainSheet({
  firstName,
  company,
  lang,
}: {
  firstName: string;
  company?: string;
  lang: CardLanguage;
}) {
  const texts = CONTACT_TEXTS[lang];
  return (
    <>
      <div className="plainBackdrop" data-plain-backdrop="" hidden />
      <dialog
        className="plainSheet"
        aria-labelledby="plain-sheet-title"
        aria-modal="true"
        data-plain-sheet=""
      >
        <div className="sheetHandle" aria-hidden="true" />
        <h2 id="plain-sheet-title" className="sheetTitle">
          {withName(texts.title, firstName)}
        </h2>
        <button type="button" className="sheetClose" aria-label={texts.close} data-plain-close="">
          ×
        </button>
        <form className="sheetForm" data-plain-form="" noValidate>
          {CONTACT_FIELDS.map((field) => (
            <input
              key={field.name}
              className="sheetInput"
              name={field.name}
              type={field.type}
              inputMode={field.inputMode}
              autoComplete={field.autoComplete}
              placeholder={texts[field.label]}
              aria-label={texts[field.label]}
              aria-required={field.required}
            />
          ))}
          <p className="error" role="alert" data-plain-status="" hidden />
          <button type="submit" className="save" data-plain-send="">
            {texts.send}
          </button>
        </form>
        <p className="sheetPrivacy">
          {`${privacyLine(texts, firstName, company)} `}
          <a href={PRIVACY_PATH} hrefLang="el" target="_blank" rel="noopener">
            {texts.privacyLink}
          </a>
        </p>
      </dialog>
    </>
  );
}
