/** What every error screen says unless told otherwise (ErrorScreen.tsx, the card's 404 page). */
export const UNEXPECTED_ERROR = 'Sorry, an unexpected error has occurred.';
