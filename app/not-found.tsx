import type { Metadata } from 'next';
import ErrorScreen from '@/components/ErrorScreen';

export const metadata: Metadata = {
  title: 'Not Found · karta',
  robots: { index: false, follow: false },
};

export default function NotFound() {
  return <ErrorScreen detail="Not Found" />;
}
