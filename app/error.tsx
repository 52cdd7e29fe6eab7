'use client';

import { useEffect } from 'react';
import ErrorScreen from '@/components/ErrorScreen';

export default function RouteError({ error }: { error: unknown }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  const message = error instanceof Error && error.message ? error.message : 'Unknown error';
  return <ErrorScreen detail={message} />;
}
