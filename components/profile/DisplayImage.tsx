import Image from 'next/image';
import { isOptimisedImage } from '@/lib/links';
import styles from './ProfileCard.module.css';

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
        unoptimized={!isOptimisedImage(src)}
        style={{ objectFit: 'cover' }}
      />
    </div>
  );
}
