import styles from './ErrorScreen.module.css';

interface Props {
  heading?: string;
  /** The status text (e.g. "Not Found") or the error's message. */
  detail: string;
}

export default function ErrorScreen({ heading = 'Oops!', detail }: Props) {
  return (
    <main id="error-page" className={styles.page}>
      <h1>{heading}</h1>
      <p>Sorry, an unexpected error has occurred.</p>
      <p>
        <i>{detail}</i>
      </p>
    </main>
  );
}
