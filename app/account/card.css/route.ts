import { cardAssets } from '@/server/card/assets';

// The card's own stylesheet, as this build inlines it into every card, for the console's preview
// (components/account/CardPreview.tsx): the preview is drawn with the very rules of the card.
export const dynamic = 'force-static';

export function GET() {
  return new Response(cardAssets().css, {
    headers: { 'content-type': 'text/css; charset=utf-8' },
  });
}
