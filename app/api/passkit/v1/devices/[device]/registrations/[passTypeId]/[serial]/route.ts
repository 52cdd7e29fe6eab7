import { register, unregister } from '@/server/wallet/passkit-service';

// Apple Wallet's PassKit web service: a device registers for a pass's pushes, or unregisters.
export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ device: string; passTypeId: string; serial: string }> };

export async function POST(request: Request, { params }: Params) {
  const { device, passTypeId, serial } = await params;
  return register(request, device, passTypeId, serial);
}

export async function DELETE(request: Request, { params }: Params) {
  const { device, passTypeId, serial } = await params;
  return unregister(request, device, passTypeId, serial);
}
