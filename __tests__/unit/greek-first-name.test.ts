// A first name's vocative and article (lib/greek-first-name.ts), on real Greek names of every
// ending the invitation mail meets, and the names whose form cannot be told, which get null.
import { greekArticle, greekVocative } from '@/lib/greek-first-name';

test.each([
  // -ης, -ής
  ['Δημήτρης', 'Δημήτρη'],
  ['Γιάννης', 'Γιάννη'],
  ['Ιωάννης', 'Ιωάννη'],
  ['Παναγιώτης', 'Παναγιώτη'],
  ['Μιλτιάδης', 'Μιλτιάδη'],
  ['Σωκράτης', 'Σωκράτη'],
  ['Περικλής', 'Περικλή'],
  ['Θεμιστοκλής', 'Θεμιστοκλή'],
  ['Στρατής', 'Στρατή'],
  // -ας, -άς
  ['Λουκάς', 'Λουκά'],
  ['Κώστας', 'Κώστα'],
  ['Ανδρέας', 'Ανδρέα'],
  ['Θωμάς', 'Θωμά'],
  ['Ηλίας', 'Ηλία'],
  ['Λεωνίδας', 'Λεωνίδα'],
  ['Οδυσσέας', 'Οδυσσέα'],
  ['Σάββας', 'Σάββα'],
  // -ος: a paroxytone of two or three syllables takes -ο
  ['Γιώργος', 'Γιώργο'],
  ['Νίκος', 'Νίκο'],
  ['Πέτρος', 'Πέτρο'],
  ['Χρήστος', 'Χρήστο'],
  ['Παύλος', 'Παύλο'],
  ['Σπύρος', 'Σπύρο'],
  ['Σταύρος', 'Σταύρο'],
  ['Κυριάκος', 'Κυριάκο'],
  ['Γιαννάκος', 'Γιαννάκο'],
  // -ος: a proparoxytone, or a longer name, takes -ε
  ['Νικόλαος', 'Νικόλαε'],
  ['Μενέλαος', 'Μενέλαε'],
  ['Αλέξανδρος', 'Αλέξανδρε'],
  ['Θεόδωρος', 'Θεόδωρε'],
  ['Άγγελος', 'Άγγελε'],
  ['Ευάγγελος', 'Ευάγγελε'],
  ['Στέφανος', 'Στέφανε'],
  ['Φίλιππος', 'Φίλιππε'],
  ['Απόστολος', 'Απόστολε'],
  ['Ιάκωβος', 'Ιάκωβε'],
  ['Χαράλαμπος', 'Χαράλαμπε'],
  ['Κωνσταντίνος', 'Κωνσταντίνε'],
  // -ιος: learned names of four syllables or more take -ε; short ones as listed
  ['Γεώργιος', 'Γεώργιε'],
  ['Δημήτριος', 'Δημήτριε'],
  ['Αντώνιος', 'Αντώνιε'],
  ['Βασίλειος', 'Βασίλειε'],
  ['Διονύσιος', 'Διονύσιε'],
  ['Νεκτάριος', 'Νεκτάριε'],
  ['Στέλιος', 'Στέλιο'],
  ['Στέργιος', 'Στέργιο'],
  ['Μάριος', 'Μάριε'],
  // -ούς
  ['Ιησούς', 'Ιησού'],
  // -α, -η, -ω and other feminine names: unchanged
  ['Μαρία', 'Μαρία'],
  ['Δέσποινα', 'Δέσποινα'],
  ['Αθηνά', 'Αθηνά'],
  ['Ελένη', 'Ελένη'],
  ['Ζωή', 'Ζωή'],
  ['Καλλιόπη', 'Καλλιόπη'],
  ['Φρόσω', 'Φρόσω'],
  ['Κλειώ', 'Κλειώ'],
  ['Αργυρώ', 'Αργυρώ'],
  // undeclined names
  ['Μιχαήλ', 'Μιχαήλ'],
  ['Ελισάβετ', 'Ελισάβετ'],
  // two names: each declined
  ['Μαρία-Ελένη', 'Μαρία-Ελένη'],
  ['Ιωάννης Δημήτριος', 'Ιωάννη Δημήτριε'],
  ['Γιώργος-Αλέξανδρος', 'Γιώργο-Αλέξανδρε'],
  // capitals keep their case; the ς goes
  ['ΔΗΜΗΤΡΗΣ', 'ΔΗΜΗΤΡΗ'],
  // Latin names are said as written
  ['Alice', 'Alice'],
  ['Georgios', 'Georgios'],
  ['Jean-Luc', 'Jean-Luc'],
])('%s → %s', (name, vocative) => {
  expect(greekVocative(name)).toBe(vocative);
  expect(greekVocative(` ${name} `)).toBe(vocative);
});

test.each([
  // -ων, -ις: the modern vocative is not settled
  'Σπυρίδων',
  'Πλάτων',
  'Άρτεμις',
  'Ίρις',
  // -ος without its accent: the stress, so the ending, is unknown
  'ΓΙΩΡΓΟΣ',
  // an oxytone -ός is no common first name
  'Νικολός',
  // a short -ιος not listed: Βλάσιε or Βλάσιο?
  'Βλάσιος',
  // scripts mixed: a Latin o inside a Greek name
  'Γιώργoς',
  '',
  '   ',
])('%p: unsure, no name in the greeting', (name) => {
  expect(greekVocative(name)).toBeNull();
});

test.each([
  ['Γιώργος', 'Ο'],
  ['Δημήτρης', 'Ο'],
  ['Λουκάς', 'Ο'],
  ['Νικόλαος', 'Ο'],
  ['ΓΙΩΡΓΟΣ', 'Ο'],
  ['Μαρία', 'Η'],
  ['Ελένη', 'Η'],
  ['Φρόσω', 'Η'],
  ['Μαρία-Ελένη', 'Η'],
  ['Alice', null],
  ['John', null],
  ['Μιχαήλ', null],
  ['Ελισάβετ', null],
  ['Άρτεμις', null],
  ['', null],
])('the article before %p: %p', (name, article) => {
  expect(greekArticle(name)).toBe(article);
});
