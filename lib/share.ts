// Sharing a card's link: the system share sheet where the browser has the Web Share API,
// otherwise the clipboard. Part of the card's inline script, so it is there at the tap.

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/** What the visitor is told after a copy, in the card's language (browser/card/script-texts.ts). */
export interface ShareMessages {
  copied: string;
  /** The address stays on screen, to be selected and copied by hand. */
  failed: (url: string) => string;
}

/** What the visitor is told: nothing after the share sheet, which speaks for itself. */
export function shareMessage(outcome: ShareOutcome, url: string, messages: ShareMessages): string {
  if (outcome === 'copied') return messages.copied;
  if (outcome === 'failed') return messages.failed(url);
  return '';
}

/** The browser APIs used here, passed in so the logic is testable without a browser. */
export type ShareApis = Pick<Navigator, 'share' | 'canShare' | 'clipboard'>;

/** Copies `url`; false where the clipboard is missing or refused (no permission, no gesture). */
export async function copyLink(url: string, apis: ShareApis = navigator): Promise<boolean> {
  try {
    // Missing in insecure contexts and some in-app browsers, although typed as always there.
    if (!apis.clipboard) return false;
    await apis.clipboard.writeText(url);
    return true;
  } catch {
    return false;
  }
}

export async function shareLink(
  data: { title: string; url: string },
  apis: ShareApis = navigator,
): Promise<ShareOutcome> {
  // Typed as always present; most desktop browsers have no share sheet.
  const canShare = typeof apis.share === 'function' && (apis.canShare?.(data) ?? true);
  if (canShare) {
    try {
      await apis.share(data);
      return 'shared';
    } catch (error) {
      // The visitor closed the share sheet: nothing to say, nothing else to try.
      if (error instanceof Error && error.name === 'AbortError') return 'cancelled';
      // Refused (e.g. NotAllowedError in a frame or without a gesture): the clipboard still may.
    }
  }
  return (await copyLink(data.url, apis)) ? 'copied' : 'failed';
}
