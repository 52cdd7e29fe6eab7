// The card's visible markup: photo, exchange button, who they are, contact rows, Save contact,
// Share and QR, the social bar, the owner's links; and the QR dialog. Plain HTML that works
// without scripts (Save contact is a link to the vCard, QR a link to the SVG);
// island/card-script.ts finds its parts by their data- attributes and makes them work.
import type { CardAssets } from '@/components/card/build/manifest';
import type { CompanyProfile } from '@/lib/company';
import { fullName, type PublicProfile } from '@/lib/profile';
import { headline, location } from '@/components/card/profile-view';
import { cardUrl, logoPath, qrPath, vcardPath } from '@/lib/routes';
import { profileVCardFileName } from '@/lib/vcard';
import { CardLinks } from './CardLinks';
import { ContactRows } from './ContactRows';
import { QrIcon, ShareIcon } from './icons';
import { Photo } from './Photo';
import { SocialBar } from './SocialBar';
import { SAVE_CONTACT } from './texts';

/** Between the photo and who they are: the exchange button, then what it has to say. */
function Exchange({ assets }: { assets: CardAssets }) {
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
          Ανταλλαγή Επαφής
        </button>
      </div>
      <p className="confirmation" role="status" aria-live="polite" data-confirmation="" />
      <p className="error" role="alert" data-exchange-error="" hidden />
    </>
  );
}

/** The company's logo, beside its name (a member card's), served under the card's own path. */
function Logo({ profile }: { profile: CardProfile }) {
  const company = profile.company;
  if (!company?.logoVersion) return null;
  return (
    <img
      className="logo"
      src={logoPath(profile.username, company.logoVersion)}
      alt={`Λογότυπο: ${profile.companyName ?? company.name}`}
      height={24}
      decoding="async"
      // Not the card's largest image: no preload of it competes with the photo's.
      fetchPriority="low"
    />
  );
}

function Identity({ profile, name }: { profile: CardProfile; name: string }) {
  // A member card names its company, the card's own companyName unless the template locks one.
  const title = headline({
    jobTitle: profile.jobTitle,
    companyName: profile.companyName ?? profile.company?.name,
  });
  return (
    <section className="identity" aria-label="Στοιχεία">
      <h1 className="name">{name}</h1>
      {title && (
        <p className="headline">
          <Logo profile={profile} />
          {title}
        </p>
      )}
      <p className="location">{location(profile)}</p>
    </section>
  );
}

/** The in-app hint's place (filled by the script), Save contact, Share and QR. */
function Actions({ profile }: { profile: PublicProfile }) {
  const { username } = profile;
  return (
    <div className="saveSlot">
      <div className="hint" role="note" data-in-app="" hidden />
      <a
        href={vcardPath(username)}
        download={profileVCardFileName(profile)}
        className="save"
        data-save=""
      >
        {SAVE_CONTACT}
      </a>
      <p className="error" role="alert" data-save-error="" hidden />
      <div className="shareRow">
        <button type="button" className="secondary" data-share="">
          <ShareIcon />
          Κοινοποίηση
        </button>
        <a href={qrPath(username)} className="secondary" aria-haspopup="dialog" data-qr="">
          <QrIcon />
          Κωδικός QR
        </a>
      </div>
      <p className="shareStatus" role="status" aria-live="polite" data-share-status="" />
    </div>
  );
}

/** The QR code large, in a modal dialog; its image is fetched only when the dialog opens. */
function QrDialog({ profile, name }: { profile: PublicProfile; name: string }) {
  return (
    <dialog className="qrDialog" aria-labelledby="qr-title" data-qr-dialog="">
      <h2 id="qr-title" className="qrTitle">
        Σαρώστε με την κάμερα του κινητού
      </h2>
      <img
        src={qrPath(profile.username)}
        alt={`Κωδικός QR της κάρτας: ${name}`}
        width={320}
        height={320}
        loading="lazy"
        className="qrImage"
      />
      <button type="button" className="save" data-qr-close="">
        Κλείσιμο
      </button>
    </dialog>
  );
}

/** A card as it shows: a member card's carries its company (lib/company.ts applyCompany). */
export type CardProfile = CompanyProfile<PublicProfile>;

export interface CardProps {
  profile: CardProfile;
  assets: CardAssets;
  /** The card's stats key, sent with its beacons (server/stats/card-key.ts); none, none is sent. */
  statsKey?: string;
}

export function Card({ profile, assets, statsKey }: CardProps) {
  const name = fullName(profile);
  return (
    <>
      <main
        className="card"
        data-card=""
        data-username={profile.username}
        data-first-name={profile.firstName || name}
        data-name={name}
        data-url={cardUrl(profile.username)}
        data-stats-key={statsKey}
      >
        <Photo profile={profile} />
        <Exchange assets={assets} />
        <Identity profile={profile} name={name} />
        <ContactRows profile={profile} />
        <Actions profile={profile} />
        <SocialBar profile={profile} />
        <CardLinks profile={profile} />
      </main>
      <QrDialog profile={profile} name={name} />
    </>
  );
}
