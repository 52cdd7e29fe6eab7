'use client';

// A result shown where the person is looking: whenever its text becomes one, its element is
// scrolled into view by the least that shows it, clear of a phone's bottom bar (the `.revealed`
// class's scroll-margin in account.module.css). The button pressed may sit at the screen's edge,
// and its result just below it, under the bar.
import { useEffect, useRef } from 'react';

export function useRevealed<E extends HTMLElement>(text: string | null | undefined) {
  const ref = useRef<E>(null);
  useEffect(() => {
    if (text) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [text]);
  return ref;
}
