import { signOutOwner } from '@/browser/owner/auth';
import styles from './account.module.css';

/** «Αποσύνδεση», wherever the console offers it. */
export default function SignOutButton() {
  return (
    <button type="button" className={styles.secondary} onClick={() => void signOutOwner()}>
      Αποσύνδεση
    </button>
  );
}
