import { cardPage, cardStaticParams } from '@/server/card/pages';

// The card, in Greek: HTML rendered by React's static renderer from components/card rather than a
// page, so that it carries none of the framework's scripts (docs/performance.md). ISR as for a
// page: static, regenerated at most hourly and on demand when the profile changes; a card not
// pre-rendered (created after the build, or past PRERENDER_LIMIT) renders on its first request
// and is cached like the rest.
export const revalidate = 3600;
export const dynamic = 'force-static';
export const dynamicParams = true;

export async function generateStaticParams(): Promise<Array<{ username: string }>> {
  return cardStaticParams();
}

export const GET = cardPage('el');
