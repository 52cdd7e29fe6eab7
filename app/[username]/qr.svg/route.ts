import { cardQrCode, firstRequestParams } from '@/server/card/files';

// Cached like the page and regenerated with it (lib/routes.ts cardPaths); a deleted card's QR
// code turns into a 404 with it.
export const revalidate = 3600;
export const dynamic = 'force-static';
export const dynamicParams = true;
export const generateStaticParams = firstRequestParams;

export const GET = cardQrCode;
