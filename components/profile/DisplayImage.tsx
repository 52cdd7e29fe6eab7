import Image from 'next/image';
import styles from './ProfileCard.module.css';

// Hosts next.config.js lets the image optimiser fetch from; any other URL is shown as is.
const OPTIMISED_HOSTS = new Set(['firebasestorage.googleapis.com', 'storage.googleapis.com']);

function optimisable(src: string): boolean {
  if (src.startsWith('/')) return true;
  try {
    return OPTIMISED_HOSTS.has(new URL(src).hostname);
  } catch {
    return false;
  }
}

export default function DisplayImage({ src, name }: { src?: string; name: string }) {
  if (!src) {
    const initials = name
      .split(/\s+/)
      .map((part) => part.charAt(0))
      .join('')
      .slice(0, 2)
      .toUpperCase();
    return (
      <div className={`${styles.image} ${styles.placeholder}`} aria-hidden="true">
        {initials}
      </div>
    );
  }
  return (
    <div className={styles.image}>
      <Image
        src={src}
        alt={`Φωτογραφία: ${name}`}
        fill
        sizes="(max-width: 480px) 100vw, 480px"
        preload
        fetchPriority="high"
        unoptimized={!optimisable(src)}
        style={{ objectFit: 'cover' }}
      />
    </div>
  );
}
