import type { ReactNode } from 'react';
import { contactRows, headline, location, socialLinks } from '@/lib/profile-view';
import { fullName, type PublicProfile } from '@/lib/profile';
import ContactRows from './ContactRows';
import DisplayImage from './DisplayImage';
import SocialBar from './SocialBar';
import styles from './ProfileCard.module.css';

interface Props {
  profile: PublicProfile;
  /** The contact-exchange button (a client island). */
  exchange: ReactNode;
  /** The Save contact button (a client island over a plain vCard link). */
  saveContact: ReactNode;
}

export default function ProfileCard({ profile, exchange, saveContact }: Props) {
  const name = fullName(profile);
  const title = headline(profile);
  return (
    <main className={styles.card}>
      <DisplayImage src={profile.displayImage} name={name} />
      <div className={styles.exchange}>{exchange}</div>
      <section className={styles.identity} aria-label="Στοιχεία">
        <h1 className={styles.name}>{name}</h1>
        {title && <p className={styles.headline}>{title}</p>}
        <p className={styles.location}>{location(profile)}</p>
      </section>
      <ContactRows rows={contactRows(profile)} />
      <div className={styles.save}>{saveContact}</div>
      <SocialBar links={socialLinks(profile)} />
    </main>
  );
}
