// CardEditor (components/account/CardEditor.tsx) in jsdom with its browser side stood in for: the
// card's document handed over at once and each save recorded (browser/owner/card.ts), each read of
// the live check recorded (live-check.ts), each preview's props recorded instead of drawn
// (CardPreview.tsx). Its jest.mock calls apply to the test file that imports it: that import comes
// before CardEditor's, so the editor is loaded with the stand-ins.
import type { CardSnapshot } from '@/browser/owner/live-check';
import type { PublicProfile } from '@/lib/profile';

export interface Preview {
  profile: PublicProfile;
  lang: string;
}

/** What the editor is shown (`card`), and what it did. */
export const editor = {
  card: {} as Record<string, unknown>,
  saveCard: jest.fn(),
  readCard: jest.fn(),
  previews: [] as Preview[],
  lastPreview: (): Preview => editor.previews[editor.previews.length - 1],
};

/** An editor shown `card`, with nothing recorded: each save resolves, each read finds nothing. */
export function resetEditor(card: Record<string, unknown>): void {
  editor.card = card;
  editor.saveCard.mockReset().mockResolvedValue(undefined);
  editor.readCard.mockReset().mockResolvedValue({} satisfies CardSnapshot);
  editor.previews.length = 0;
}

jest.mock('@/browser/owner/card', () => ({
  watchCard: (_username: string, listener: (data: unknown) => void) => {
    listener(editor.card);
    return () => {};
  },
  saveCard: (...args: unknown[]) => editor.saveCard(...args),
}));
// A card of no team: its team is never read.
jest.mock('@/browser/owner/teams', () => ({ watchTeamOverrides: () => () => undefined }));
jest.mock('@/browser/owner/live-check', () => ({
  readCard: (...args: unknown[]) => editor.readCard(...args),
  waitForCardChange: async () => 100,
}));
jest.mock('@/browser/owner/owner-api', () => ({ OwnerRequestError: class extends Error {} }));
jest.mock('@/components/account/CardPreview', () => ({
  __esModule: true,
  default: (props: Preview) => {
    editor.previews.push(props);
    return null;
  },
}));
