import { cardVCard, firstRequestParams } from '@/server/card/files';

// Cached like the page and regenerated with it; the card (with its photo, and a member card's
// company logo) stays out of the page. A switched-off card's answers 410, as the page does.
// The English card's vCard (app/[username]/en/vcard) is the same with its words in English.
export const revalidate = 3600;
export const dynamic = 'force-static';
export const dynamicParams = true;
export const generateStaticParams = firstRequestParams;

export const GET = cardVCard('el');
