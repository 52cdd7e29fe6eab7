import { CENTRED_PAGE_STYLE } from './centred-page';
import { UNEXPECTED_ERROR } from './error-texts';

interface Props {
  heading?: string;
  /** What happened, in a sentence. */
  message?: string;
  /** The status text (e.g. "Not Found") or the error's message. */
  detail: string;
}

export default function ErrorScreen({
  heading = 'Oops!',
  message = UNEXPECTED_ERROR,
  detail,
}: Props) {
  return (
    <main id="error-page" style={CENTRED_PAGE_STYLE}>
      <h1>{heading}</h1>
      <p>{message}</p>
      <p>
        <i>{detail}</i>
      </p>
    </main>
  );
}
