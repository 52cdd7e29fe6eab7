'use client';

import ImageField from './ImageField';
import styles from './account.module.css';

interface PhotoFieldProps {
  /** What the card will show: the picked photo (a blob: URL), the stored one, or nothing. */
  src: string | null;
  /** Progress, announced politely. */
  note?: string;
  error?: string;
  disabled?: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
}

/** One photo for the card and its vCard: pick, see it cut square, remove. */
export default function PhotoField({ note, ...field }: PhotoFieldProps) {
  return (
    <ImageField
      {...field}
      id="card-photo"
      legend="Φωτογραφία"
      hint="Εμφανίζεται στην κάρτα και στην επαφή που αποθηκεύουν οι επισκέπτες. Κόβεται τετράγωνη και μικραίνει αυτόματα. Χωρίς φωτογραφία, η κάρτα δείχνει τα αρχικά σας."
      pickLabel="Επιλογή φωτογραφίας"
      removeLabel="Αφαίρεση φωτογραφίας"
      accept="image/jpeg,image/png,image/webp,image/heic,image/heif,image/*"
      preview={{
        className: styles.photo,
        alt: 'Η φωτογραφία της κάρτας σας',
        width: 96,
        height: 96,
      }}
      // Its status line is always there, so that a note is announced when it appears.
      note={note ?? ''}
    />
  );
}
