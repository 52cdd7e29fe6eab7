import Head from 'next/head';
import ErrorScreen from '@/components/ErrorScreen';

// The Oops! page of a failed card when no good copy of it is cached (Firestore down on its first
// render). The card is a route handler, and Next renders this Pages Router convention for a
// route handler's error; App Router pages have app/error.tsx.
export default function ServerError() {
  return (
    <>
      <Head>
        <title>Oops! · karta</title>
        <meta name="robots" content="noindex, nofollow" />
        <meta name="color-scheme" content="light dark" />
      </Head>
      <ErrorScreen detail="Internal Server Error" />
    </>
  );
}
