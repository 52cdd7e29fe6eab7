// The contact rows: e-mail, phone, address and website, each a link where the value is safe to
// link (components/card/profile-view.ts), as text where it is not; a tap on a link is counted (./counted.ts).
import type { PublicProfile } from '@/lib/profile';
import type { CardLanguage } from '@/lib/routes';
import { contactRows, type ContactRow } from '@/components/card/profile-view';
import { RowIcon } from './contact-icons';
import { countedAs, ROW_EVENTS } from './counted';
import { EXTERNAL_LINK } from './external-link';

function RowBody({ row }: { row: ContactRow }) {
  return (
    <>
      <RowIcon kind={row.kind} />
      <span className="rowText">
        <span className="rowValue">{row.text}</span>
        <span className="rowCaption">{row.caption}</span>
      </span>
    </>
  );
}

export function ContactRows({ profile, lang }: { profile: PublicProfile; lang: CardLanguage }) {
  const rows = contactRows(profile, lang);
  if (rows.length === 0) return null;
  return (
    <ul className="rows">
      {rows.map((row) => (
        <li key={row.kind} className="row" data-row={row.kind}>
          {row.href ? (
            <a
              href={row.href}
              className="rowLink"
              {...(row.external ? EXTERNAL_LINK : {})}
              {...countedAs(ROW_EVENTS[row.kind])}
            >
              <RowBody row={row} />
            </a>
          ) : (
            <div className="rowLink">
              <RowBody row={row} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
