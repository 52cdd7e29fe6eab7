import CardActions from '@/components/actions/CardActions';
import { contactRows, headline, location, socialLinks } from '@/lib/profile-view';
import { fullName, type PublicProfile } from '@/lib/profile';
import { cardUrl, qrPath, vcardPath } from '@/lib/routes';
import { profileVCardFileName } from '@/lib/vcard';
import ContactRows from './ContactRows';
import DisplayImage from './DisplayImage';
import SocialBar from './SocialBar';
import styles from './ProfileCard.module.css';

export default function ProfileCard({ profile }: { profile: PublicProfile }) {
  const name = fullName(profile);
  const title = headline(profile);
  return (
    <main className={styles.card}>
      <DisplayImage src={profile.displayImage} name={name} />
      <CardActions
        username={profile.username}
        firstName={profile.firstName || name}
        name={name}
        url={cardUrl(profile.username)}
        vcardHref={vcardPath(profile.username)}
        vcardFileName={profileVCardFileName(profile)}
        qrHref={qrPath(profile.username)}
      >
        <section className={styles.identity} aria-label="Στοιχεία">
          <h1 className={styles.name}>{name}</h1>
          {title && <p className={styles.headline}>{title}</p>}
          <p className={styles.location}>{location(profile)}</p>
        </section>
        <ContactRows rows={contactRows(profile)} />
      </CardActions>
      <SocialBar links={socialLinks(profile)} />
    </main>
  );
}
