// Each kind of link's icon (lib/card-links.ts LINK_KINDS), from Tabler's MIT icon set: drawn inline
// in the card's HTML so that it costs no request, and in the editor's kind picker
// (components/account/LinksEditor.tsx). Next bundles only the icons named here.
import {
  IconBrandAirbnb,
  IconBrandBehance,
  IconBrandBooking,
  IconBrandGithub,
  IconBrandGoogleMaps,
  IconBrandLinkedin,
  IconBrandMessenger,
  IconBrandPinterest,
  IconBrandSpotify,
  IconBrandTelegram,
  IconBrandThreads,
  IconBrandTiktok,
  IconBrandTripadvisor,
  IconBrandX,
  IconBrandYoutube,
  IconCalendarEvent,
  IconLink,
  type TablerIcon,
} from '@tabler/icons-react';
import type { LinkKind } from '@/lib/card-links';

export const LINK_ICONS: Readonly<Record<LinkKind, TablerIcon>> = {
  linkedin: IconBrandLinkedin,
  tiktok: IconBrandTiktok,
  x: IconBrandX,
  youtube: IconBrandYoutube,
  telegram: IconBrandTelegram,
  messenger: IconBrandMessenger,
  threads: IconBrandThreads,
  github: IconBrandGithub,
  behance: IconBrandBehance,
  pinterest: IconBrandPinterest,
  spotify: IconBrandSpotify,
  googlemaps: IconBrandGoogleMaps,
  tripadvisor: IconBrandTripadvisor,
  booking: IconBrandBooking,
  airbnb: IconBrandAirbnb,
  calendly: IconCalendarEvent,
  link: IconLink,
};
