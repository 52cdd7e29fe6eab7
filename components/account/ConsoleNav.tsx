'use client';

import { useEffect, useRef, useState, type ComponentType } from 'react';
import { IconDots } from '@tabler/icons-react';
import styles from './account.module.css';

export interface NavItem<Id extends string> {
  id: Id;
  label: string;
  Icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean | 'true' }>;
}

/** What a phone's bottom bar holds: its first items, and «Περισσότερα» for the rest. */
export const BAR_ITEMS = 5;

/**
 * The console's sections. On a phone, a bar fixed at the bottom of the screen: at most BAR_ITEMS
 * buttons, each an icon over its name, the last one «Περισσότερα» opening a menu of the others
 * when there are more. From 900 px, one bar above the section with every item in it.
 */
export default function ConsoleNav<Id extends string>({
  items,
  current,
  onSelect,
}: {
  items: readonly NavItem<Id>[];
  current: Id;
  onSelect: (id: Id) => void;
}) {
  const [open, setOpen] = useState(false);
  const moreButton = useRef<HTMLButtonElement>(null);
  const entry = useRef<HTMLLIElement>(null);
  const overflow = items.length > BAR_ITEMS;
  const shown = overflow ? items.slice(0, BAR_ITEMS - 1) : items;
  const rest = overflow ? items.slice(BAR_ITEMS - 1) : [];
  const currentInMenu = rest.some((item) => item.id === current);

  // The menu closes on Escape (focus back on its button) and on a press anywhere outside it.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      moreButton.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!entry.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const button = ({ id, label, Icon }: NavItem<Id>) => (
    <li key={id}>
      <button
        type="button"
        className={styles.navItem}
        aria-current={current === id ? 'page' : undefined}
        onClick={() => {
          setOpen(false);
          onSelect(id);
        }}
      >
        <Icon aria-hidden="true" size={22} />
        <span>{label}</span>
      </button>
    </li>
  );

  return (
    <nav className={styles.bar} aria-label="Ενότητες λογαριασμού">
      <ul className={styles.barList}>
        {shown.map(button)}
        {overflow && (
          <li className={styles.moreEntry} ref={entry}>
            <button
              ref={moreButton}
              type="button"
              className={`${styles.navItem} ${styles.moreButton}`}
              aria-expanded={open}
              aria-controls="console-nav-more"
              data-current={currentInMenu || undefined}
              onClick={() => setOpen((was) => !was)}
            >
              <IconDots aria-hidden="true" size={22} />
              <span>Περισσότερα</span>
            </button>
            <ul id="console-nav-more" className={styles.moreList} data-open={open}>
              {rest.map(button)}
            </ul>
          </li>
        )}
      </ul>
    </nav>
  );
}
