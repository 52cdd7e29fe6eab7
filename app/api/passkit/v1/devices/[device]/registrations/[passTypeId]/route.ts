import { updatedSerials } from '@/server/wallet/passkit-service';

// Apple Wallet's PassKit web service: which of a device's passes changed since a tag.
export const dynamic = 'force-dynamic';

export async function GET(
  request: Request,
  { params }: { params: Promise<{ device: string; passTypeId: string }> },
) {
  const { device, passTypeId } = await params;
  return updatedSerials(request, device, passTypeId);
}
