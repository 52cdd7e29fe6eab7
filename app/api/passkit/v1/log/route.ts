import { deviceLog } from '@/server/wallet/passkit-service';

// Apple Wallet's PassKit web service: a device's messages about karta's passes.
export const dynamic = 'force-dynamic';

export async function POST(request: Request) {
  return deviceLog(request);
}
