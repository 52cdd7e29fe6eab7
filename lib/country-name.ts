import type { CardLanguage } from './routes';

/**
 * The country every card is in, as each language's card and vCard name it. A module of its own:
 * the card's inline script names it too, and must not carry the transliteration with it.
 */
export const COUNTRY_NAME: Readonly<Record<CardLanguage, string>> = { el: 'Ελλάδα', en: 'Greece' };
