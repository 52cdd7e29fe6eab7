// The card's visible markup in one of its languages: photo, the link to the other language (and
// the Greek card's offer of the English one), exchange button, who they are, contact rows, Save
// contact, Share and QR, the social bar, the owner's links, a member card's company's legal
// details; and the QR dialog. Plain HTML that works without scripts (Save contact is a link to the
// vCard, QR a link to the SVG); browser/card/card-script.ts finds its parts by their data-
// attributes and makes them work.
import type { CardAssets } from '@/lib/card-assets';
import type { CompanyProfile } from '@/lib/company';
import { fullName, type PublicProfile } from '@/lib/profile';
import { headline, location } from '@/components/card/profile-view';
import {
  CARD_LANGUAGES,
  cardUrl,
  DEFAULT_LANGUAGE,
  logoPath,
  profilePath,
  qrPath,
  vcardPath,
  type CardLanguage,
} from '@/lib/routes';
import { profileVCardFileName } from '@/lib/vcard';
import { CardLegal } from './CardLegal';
import { CardLinks } from './CardLinks';
import { ContactRows } from './ContactRows';
import { QrIcon, ShareIcon } from './icons';
import { Photo } from './Photo';
import { PlainSheet } from './PlainSheet';
import { SocialBar } from './SocialBar';
import { CARD_TEXTS, type CardTexts } from './texts';

/** Between the photo and who they are: the exchange button, then what it has to say. */
function Exchange({ assets, texts }: { assets: CardAssets; texts: CardTexts }) {
  return (
    <>
      <div className="exchangeSlot">
        <button
          type="button"
          className="exchange"
          aria-haspopup="dialog"
          aria-expanded="false"
          data-exchange=""
          data-sheet={assets.sheet}
          data-sheet-css={assets.sheetCss}
        >
          {texts.exchange}
        </button>
      </div>
      <p className="confirmation" role="status" aria-live="polite" data-confirmation="" />
    </>
  );
}

/** The company's logo, beside its name (a member card's), served under the card's own path. */
function Logo({ profile, texts }: { profile: CardProfile; texts: CardTexts }) {
  const company = profile.company;
  if (!company?.logoVersion) return null;
  return (
    <img
      className="logo"
      src={logoPath(profile.username, company.logoVersion)}
      alt={texts.logoAlt(profile.companyName ?? company.name)}
      height={24}
      decoding="async"
      // Not the card's largest image: no preload of it competes with the photo's.
      fetchPriority="low"
    />
  );
}

function Identity({
  profile,
  name,
  lang,
}: {
  profile: CardProfile;
  name: string;
  lang: CardLanguage;
}) {
  const texts = CARD_TEXTS[lang];
  // A member card names its company, the card's own companyName unless the template locks one.
  const title = headline({
    jobTitle: profile.jobTitle,
    companyName: profile.companyName ?? profile.company?.name,
  });
  return (
    <section className="identity" aria-label={texts.identity}>
      <h1 className="name">{name}</h1>
      {title && (
        <p className="headline">
          <Logo profile={profile} texts={texts} />
          {title}
        </p>
      )}
      <p className="location">{location(profile, lang)}</p>
    </section>
  );
}

/** The in-app hint's place (filled by the script), Save contact, Share and QR. */
function Actions({ profile, lang }: { profile: PublicProfile; lang: CardLanguage }) {
  const { username } = profile;
  const texts = CARD_TEXTS[lang];
  return (
    <div className="saveSlot">
      <div className="hint" role="note" data-in-app="" hidden />
      <a
        href={vcardPath(username, lang)}
        download={profileVCardFileName(profile)}
        className="save"
        data-save=""
      >
        {texts.saveContact}
      </a>
      <p className="error" role="alert" data-save-error="" hidden />
      <div className="shareRow">
        <button type="button" className="secondary" data-share="">
          <ShareIcon />
          {texts.share}
        </button>
        <a href={qrPath(username)} className="secondary" aria-haspopup="dialog" data-qr="">
          <QrIcon />
          {texts.qr}
        </a>
      </div>
      <p className="shareStatus" role="status" aria-live="polite" data-share-status="" />
    </div>
  );
}

/** The QR code large, in a modal dialog; its image is fetched only when the dialog opens. */
function QrDialog({
  profile,
  name,
  texts,
}: {
  profile: PublicProfile;
  name: string;
  texts: CardTexts;
}) {
  return (
    <dialog className="qrDialog" aria-labelledby="qr-title" data-qr-dialog="">
      <h2 id="qr-title" className="qrTitle">
        {texts.qrTitle}
      </h2>
      <img
        src={qrPath(profile.username)}
        alt={texts.qrAlt(name)}
        width={320}
        height={320}
        loading="lazy"
        className="qrImage"
      />
      <button type="button" className="save" data-qr-close="">
        {texts.close}
      </button>
    </dialog>
  );
}

/** A card as it shows: a member card's carries its company (lib/company.ts applyCompany). */
export type CardProfile = CompanyProfile<PublicProfile>;

export interface CardProps {
  /** The card as it shows in `lang` (lib/card-language.ts cardInLanguage). */
  profile: CardProfile;
  /** Greek unless given. */
  lang?: CardLanguage;
  assets: CardAssets;
  /** The card's stats key, sent with its beacons (server/stats/card-key.ts); none, none is sent. */
  statsKey?: string;
}

/**
 * The card in the other languages: a plain link each, named in the language it leads to. Over the
 * photo's corner, out of the flow, so it moves nothing. The Greek card also holds the line that
 * offers the English card, hidden: its script shows it to a browser that asks for no Greek.
 */
function Languages({ username, lang }: { username: string; lang: CardLanguage }) {
  const others = CARD_LANGUAGES.filter((other) => other !== lang);
  return (
    <>
      <div className="languages">
        {others.map((other) => (
          <a
            key={other}
            href={profilePath(username, other)}
            hrefLang={other}
            lang={other}
            // The name holds the text shown, as speech input expects (WCAG 2.5.3).
            aria-label={`${CARD_TEXTS[other].self.short}: ${CARD_TEXTS[other].self.readIn}`}
            className="language"
            data-language={other}
          >
            {CARD_TEXTS[other].self.short}
          </a>
        ))}
      </div>
      {lang === DEFAULT_LANGUAGE &&
        others.map((other) => (
          <a
            key={other}
            href={profilePath(username, other)}
            hrefLang={other}
            lang={other}
            className="offer"
            data-offer={other}
            hidden
          >
            {CARD_TEXTS[other].self.offer}
          </a>
        ))}
    </>
  );
}

/**
 * The id of the mark after the card's visible parts. The document holds its first paint until the
 * parser has reached it (CardDocument's `rel="expect"`): a phone that painted the part parsed so
 * far showed a button or a link before its label, and the label's arrival moved it (a layout
 * shift).
 */
export const CARD_END_ID = 'card-end';

export function Card({ profile, lang = DEFAULT_LANGUAGE, assets, statsKey }: CardProps) {
  const name = fullName(profile);
  const texts = CARD_TEXTS[lang];
  return (
    <>
      <main
        className="card"
        data-card=""
        data-username={profile.username}
        data-first-name={profile.firstName || name}
        // The company that receives a member card's leads, named in the exchange sheet.
        data-company={profile.company?.name}
        data-name={name}
        data-url={cardUrl(profile.username, lang)}
        data-stats-key={statsKey}
      >
        <Photo profile={profile} texts={texts} />
        <Languages username={profile.username} lang={lang} />
        <Exchange assets={assets} texts={texts} />
        <Identity profile={profile} name={name} lang={lang} />
        <ContactRows profile={profile} lang={lang} />
        <Actions profile={profile} lang={lang} />
        <SocialBar profile={profile} texts={texts} />
        <CardLinks profile={profile} texts={texts} />
        <CardLegal legal={profile.company?.legal} lang={lang} />
      </main>
      <div id={CARD_END_ID} hidden />
      <QrDialog profile={profile} name={name} texts={texts} />
      <PlainSheet
        firstName={profile.firstName || name}
        company={profile.company?.name}
        lang={lang}
      />
    </>
  );
}
