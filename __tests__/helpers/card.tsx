// The card's body as the browser gets it, rendered into jsdom by @testing-library/react.
import { render } from '@testing-library/react';
import { Card } from '@/components/card/Card';
import type { CardAssets } from '@/lib/card-assets';
import type { PublicProfile } from '@/lib/profile';
import type { CardLanguage } from '@/lib/routes';

export function renderCardBody(
  profile: PublicProfile,
  assets: CardAssets,
  statsKey?: string,
  lang?: CardLanguage,
) {
  // What a card's script added to the last test's page (the sheet's container) goes too.
  document.body.innerHTML = '';
  return render(<Card profile={profile} lang={lang} assets={assets} statsKey={statsKey} />);
}
