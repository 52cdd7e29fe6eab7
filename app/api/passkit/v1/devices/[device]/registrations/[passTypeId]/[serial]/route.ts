import { register, unregister, type Registration } from '@/server/wallet/passkit-service';

// Apple Wallet's PassKit web service: a device registers for a pass's pushes, or unregisters.
export const dynamic = 'force-dynamic';

type Params = { params: Promise<Registration> };

export async function POST(request: Request, { params }: Params) {
  return register(request, await params);
}

export async function DELETE(request: Request, { params }: Params) {
  return unregister(request, await params);
}
