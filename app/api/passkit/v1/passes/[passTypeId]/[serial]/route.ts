import { passNow } from '@/server/wallet/passkit-service';

// Apple Wallet's PassKit web service: a pass's latest version.
export const dynamic = 'force-dynamic';

export async function GET(
  request: Request,
  { params }: { params: Promise<{ passTypeId: string; serial: string }> },
) {
  const { passTypeId, serial } = await params;
  return passNow(request, passTypeId, serial);
}
