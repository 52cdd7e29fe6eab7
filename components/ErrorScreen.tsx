import { UNEXPECTED_ERROR } from './error-texts';

interface Props {
  heading?: string;
  /** What happened, in a sentence. */
  message?: string;
  /** The status text (e.g. "Not Found") or the error's message. */
  detail: string;
}

// Inline styles rather than a CSS module: the root error boundaries are part of every page's
// payload, and a stylesheet of their own would block the first paint of every card.
const PAGE_STYLE = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '100vh',
  padding: '1rem',
  textAlign: 'center',
} as const;

export default function ErrorScreen({
  heading = 'Oops!',
  message = UNEXPECTED_ERROR,
  detail,
}: Props) {
  return (
    <main id="error-page" style={PAGE_STYLE}>
      <h1>{heading}</h1>
      <p>{message}</p>
      <p>
        <i>{detail}</i>
      </p>
    </main>
  );
}
