import { useEffect, useState } from 'react';
import { readClaimedCard, type ClaimedCard } from '@/browser/owner/claim-time';

export interface ClaimedCardState {
  /** Null until read, or when the read failed. */
  card: ClaimedCard | null;
  failed: boolean;
}

/**
 * The console's card and its claim time, read once for every section that queries since it
 * (contacts, statistics): a console is one claim, and a new claim mounts a new console.
 */
export function useClaimedCard(username: string): ClaimedCardState {
  const [state, setState] = useState<ClaimedCardState>({ card: null, failed: false });
  useEffect(() => {
    let current = true;
    readClaimedCard(username).then(
      (card) => current && setState({ card, failed: false }),
      () => current && setState({ card: null, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [username]);
  return state;
}
