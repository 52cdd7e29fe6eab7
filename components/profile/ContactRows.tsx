import Image from 'next/image';
import type { ContactRow } from '@/lib/profile-view';
import styles from './ProfileCard.module.css';

function RowBody({ row }: { row: ContactRow }) {
  return (
    <>
      <Image
        src={`/icons/${row.kind}.svg`}
        alt=""
        width={24}
        height={24}
        className={styles.rowIcon}
      />
      <span className={styles.rowText}>
        <span className={styles.rowValue}>{row.text}</span>
        <span className={styles.rowCaption}>{row.caption}</span>
      </span>
    </>
  );
}

export default function ContactRows({ rows }: { rows: ContactRow[] }) {
  if (rows.length === 0) return null;
  return (
    <ul className={styles.rows}>
      {rows.map((row) => (
        <li key={row.kind} className={styles.row} data-row={row.kind}>
          {row.href ? (
            <a
              href={row.href}
              className={styles.rowLink}
              {...(row.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              <RowBody row={row} />
            </a>
          ) : (
            <div className={styles.rowLink}>
              <RowBody row={row} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
