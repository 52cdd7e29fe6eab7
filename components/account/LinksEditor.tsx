'use client';

import { useEffect, useRef } from 'react';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  linkLabelEnPlaceholder,
  newLinkDraft,
  type CardFormErrors,
  type LinkDraft,
} from '@/browser/owner/card-form';
import {
  LINK_KINDS,
  LINK_KIND_INFO,
  LINK_LABEL_MAX,
  LINK_URL_MAX,
  MAX_LINKS,
  type LinkKind,
} from '@/lib/card-links';
import Field from './Field';
import { LINK_ICONS } from '@/components/card/link-icons';
import styles from './account.module.css';

interface LinksEditorProps {
  links: LinkDraft[];
  errors: CardFormErrors;
  disabled?: boolean;
  /** Offer each link's label on the English card too (a card's links; a template's have none). */
  english?: boolean;
  /** A new list: a link added, moved, removed or edited. `reordered`: its places changed. */
  onChange: (links: LinkDraft[], reordered: boolean) => void;
}

/** Which control to focus once React has drawn the list again: the row moved, or added. */
type Focus = { id: string; control: 'up' | 'down' | 'url' } | { id: 'add' } | null;

/**
 * The card's links, in order: each one's kind picked from icons, its address, its label and, with
 * `english`, its label on the English card.
 */
export default function LinksEditor({
  links,
  errors,
  disabled,
  english = false,
  onChange,
}: LinksEditorProps) {
  // Set by a move, a removal or an addition; taken once the list is drawn again.
  const wanted = useRef<Focus>(null);

  useEffect(() => {
    const focus = wanted.current;
    if (!focus) return;
    wanted.current = null;
    const target = !('control' in focus)
      ? document.getElementById('card-links-add')
      : focus.control === 'url'
        ? document.querySelector(`[data-link-url="${focus.id}"]`)
        : document.getElementById(`link-${focus.id}-${focus.control}`);
    // A button that went disabled (the row reached an end) gives way to its opposite.
    if (target instanceof HTMLButtonElement && target.disabled && 'control' in focus) {
      const other = focus.control === 'up' ? 'down' : 'up';
      document.getElementById(`link-${focus.id}-${other}`)?.focus();
    } else if (target instanceof HTMLElement) target.focus();
  });

  const setWanted = (focus: Focus) => {
    wanted.current = focus;
  };

  const update = (index: number, change: Partial<LinkDraft>) =>
    onChange(
      links.map((link, i) => (i === index ? { ...link, ...change } : link)),
      false,
    );

  function move(index: number, by: -1 | 1) {
    const next = [...links];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved);
    onChange(next, true);
    setWanted({ id: moved.id, control: by < 0 ? 'up' : 'down' });
  }

  function remove(index: number) {
    onChange(
      links.filter((_, i) => i !== index),
      true,
    );
    const neighbour = links[index + 1] ?? links[index - 1];
    setWanted(neighbour ? { id: neighbour.id, control: 'url' } : { id: 'add' });
  }

  function add() {
    const draft = newLinkDraft('link');
    onChange([...links, draft], true);
    setWanted({ id: draft.id, control: 'url' });
  }

  const full = links.length >= MAX_LINKS;
  return (
    <fieldset className={styles.fieldset} aria-describedby="card-links-hint">
      <legend>Σύνδεσμοι</legend>
      <p id="card-links-hint" className={styles.hint}>
        Έως {MAX_LINKS}, κάτω από τα κοινωνικά δίκτυα της κάρτας, με τη σειρά που ορίζετε εδώ. Μόνο
        διευθύνσεις https://.
      </p>
      {errors.links && (
        <p id="card-links-error" className={styles.error}>
          {errors.links}
        </p>
      )}
      {links.length > 0 && (
        <ol className={styles.links}>
          {links.map((link, index) => (
            <LinkRow
              key={link.id}
              link={link}
              index={index}
              count={links.length}
              errors={errors}
              disabled={disabled}
              english={english}
              onUpdate={(change) => update(index, change)}
              onMove={(by) => move(index, by)}
              onRemove={() => remove(index)}
            />
          ))}
        </ol>
      )}
      <div className={styles.actions}>
        <button
          id="card-links-add"
          type="button"
          className={styles.secondary}
          disabled={disabled || full}
          aria-describedby={full ? 'card-links-full' : undefined}
          onClick={add}
        >
          <IconPlus aria-hidden="true" size={20} />
          Προσθήκη συνδέσμου
        </button>
        {full && (
          <p id="card-links-full" className={styles.hint}>
            Η κάρτα έχει ήδη {MAX_LINKS} συνδέσμους, όσους χωρά.
          </p>
        )}
      </div>
    </fieldset>
  );
}

interface LinkRowProps {
  link: LinkDraft;
  index: number;
  count: number;
  errors: CardFormErrors;
  disabled?: boolean;
  english: boolean;
  onUpdate: (change: Partial<LinkDraft>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

function LinkRow({
  link,
  index,
  count,
  errors,
  disabled,
  english,
  onUpdate,
  onMove,
  onRemove,
}: LinkRowProps) {
  const place = index + 1;
  const name = LINK_KIND_INFO[link.kind].name;
  const id = `card-links-${index}`;
  const kindError = errors[`links.${index}.kind`] ?? errors[`links.${index}`];
  return (
    <li className={styles.linkRow} data-testid="link-row">
      <fieldset
        className={styles.kinds}
        aria-describedby={kindError ? `${id}-kind-error` : undefined}
      >
        <legend>Σύνδεσμος {place}: είδος</legend>
        <div className={styles.kindGrid}>
          {LINK_KINDS.map((kind: LinkKind) => {
            const Icon = LINK_ICONS[kind];
            return (
              <label key={kind} className={styles.kind}>
                <input
                  type="radio"
                  name={`link-${link.id}-kind`}
                  value={kind}
                  checked={link.kind === kind}
                  disabled={disabled}
                  onChange={() => onUpdate({ kind })}
                />
                <Icon aria-hidden="true" size={24} />
                <span>{LINK_KIND_INFO[kind].name}</span>
              </label>
            );
          })}
        </div>
        {kindError && (
          <p id={`${id}-kind-error`} className={styles.error}>
            {kindError}
          </p>
        )}
      </fieldset>
      <Field
        id={`${id}-url`}
        label={`Διεύθυνση ${link.kind === 'link' ? 'της σελίδας' : `στο ${name}`}`}
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://"
        maxLength={LINK_URL_MAX}
        value={link.url}
        data-link-url={link.id}
        error={errors[`links.${index}.url`]}
        onChange={(event) => onUpdate({ url: event.target.value })}
      />
      <Field
        id={`${id}-label`}
        label={link.kind === 'link' ? 'Κείμενο του κουμπιού' : 'Κείμενο του κουμπιού (προαιρετικό)'}
        hint={link.kind === 'link' ? undefined : `Χωρίς κείμενο, το κουμπί γράφει «${name}».`}
        autoComplete="off"
        maxLength={LINK_LABEL_MAX}
        value={link.label}
        error={errors[`links.${index}.label`]}
        onChange={(event) => onUpdate({ label: event.target.value })}
      />
      {english && (
        <Field
          id={`${id}-labelEn`}
          label="Αγγλικό κείμενο του κουμπιού (προαιρετικό)"
          hint="Στην αγγλική κάρτα· χωρίς αυτό, το κουμπί γράφει ό,τι δείχνει το πεδίο."
          lang="en"
          autoComplete="off"
          maxLength={LINK_LABEL_MAX}
          placeholder={linkLabelEnPlaceholder(link)}
          value={link.labelEn}
          error={errors[`links.${index}.labelEn`]}
          onChange={(event) => onUpdate({ labelEn: event.target.value })}
        />
      )}
      <div className={styles.actions}>
        <button
          id={`link-${link.id}-up`}
          type="button"
          className={styles.secondary}
          disabled={disabled || index === 0}
          aria-label={`Μετακίνηση του συνδέσμου ${place} πιο πάνω`}
          onClick={() => onMove(-1)}
        >
          <IconArrowUp aria-hidden="true" size={20} />
          Πάνω
        </button>
        <button
          id={`link-${link.id}-down`}
          type="button"
          className={styles.secondary}
          disabled={disabled || index === count - 1}
          aria-label={`Μετακίνηση του συνδέσμου ${place} πιο κάτω`}
          onClick={() => onMove(1)}
        >
          <IconArrowDown aria-hidden="true" size={20} />
          Κάτω
        </button>
        <button
          type="button"
          className={styles.danger}
          disabled={disabled}
          aria-label={`Αφαίρεση του συνδέσμου ${place}`}
          onClick={onRemove}
        >
          <IconTrash aria-hidden="true" size={20} />
          Αφαίρεση
        </button>
      </div>
    </li>
  );
}
