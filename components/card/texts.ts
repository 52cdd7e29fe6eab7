// The card's Greek words that both its HTML (components/card/body.ts) and its script
// (components/card/island/enhance.ts) need.

export const SAVE_CONTACT = 'Αποθήκευση Επαφής';
export const SAVE_FAILED = 'Η αποθήκευση της επαφής απέτυχε. Δοκιμάστε ξανά.';
export const SHEET_FAILED = 'Η φόρμα δεν φορτώθηκε. Ελέγξτε τη σύνδεσή σας και δοκιμάστε ξανά.';

/** The in-app browser hint: why, and the way out the platform allows. */
export const IN_APP = {
  why: (app: string | null) =>
    `Η αποθήκευση της επαφής λειτουργεί στο πρόγραμμα περιήγησης του κινητού σας, όχι ${
      app ? `μέσα στο ${app}` : 'μέσα σε αυτή την εφαρμογή'
    }.`,
  openInChrome: 'Άνοιγμα στο Chrome',
  copy: 'Αντιγραφή συνδέσμου',
  ios: 'Επικολλήστε τον στο Safari, ή πατήστε ⋯ και «Άνοιγμα στο πρόγραμμα περιήγησης».',
  other: 'Επικολλήστε τον στο πρόγραμμα περιήγησής σας.',
};
