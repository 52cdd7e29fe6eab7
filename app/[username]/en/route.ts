import { cardPage, cardStaticParams } from '@/server/card/pages';

// The card in English (lib/card-language.ts), cached, regenerated and purged with the Greek card
// at its side (lib/routes.ts cardPaths): the same read, the same tag, the same segment config.
export const revalidate = 3600;
export const dynamic = 'force-static';
export const dynamicParams = true;

export async function generateStaticParams(): Promise<Array<{ username: string }>> {
  return cardStaticParams();
}

export const GET = cardPage('en');
