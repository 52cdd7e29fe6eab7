import Image from 'next/image';
import type { SocialLink } from '@/lib/profile-view';
import styles from './ProfileCard.module.css';

export default function SocialBar({ links }: { links: SocialLink[] }) {
  if (links.length === 0) return null;
  return (
    <nav className={styles.social} aria-label="Κοινωνικά δίκτυα και μηνύματα">
      {links.map((link) => (
        <a
          key={link.kind}
          href={link.href}
          aria-label={link.label}
          data-social={link.kind}
          className={styles.socialLink}
          {...(link.href.startsWith('http')
            ? { target: '_blank', rel: 'noopener noreferrer' }
            : {})}
        >
          <Image src={link.icon} alt="" width={80} height={80} unoptimized />
        </a>
      ))}
    </nav>
  );
}
