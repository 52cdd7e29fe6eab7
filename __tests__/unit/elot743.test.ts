import { transliterate } from '@/lib/elot743';
import { expectReturns, testReturns } from './support/cases';

// Each expected form is ELOT 743 type 2 (the passports' table) worked out by hand from the
// standard's rules, not taken from this code; where a place has an official Latin name on road
// signs it is the same (Thessaloniki, Chania, Nafplio, Lefkada, Evvoia, Evrytania, Mesolongi).
// Brands that chose their own spelling (Olympiacos) are written here as the standard writes them.
const isGreekLetter = (char: string) => /\p{Script=Greek}/u.test(char) && /\p{L}/u.test(char);
const hasGreekLetter = (text: string) => Array.from(text).some(isGreekLetter);

describe('transliterate: real names by ELOT 743', () => {
  testReturns(transliterate, [
    // First names
    ['Μαρία', 'Maria'],
    ['Γιώργος', 'Giorgos'],
    ['Ιωάννης', 'Ioannis'],
    ['Δημήτριος', 'Dimitrios'],
    ['Αικατερίνη', 'Aikaterini'],
    ['Παύλος', 'Pavlos'], // αυ before λ (voiced), accent on the υ
    ['Σταύρος', 'Stavros'], // αυ before ρ
    ['Ευάγγελος', 'Evangelos'], // ευ before a vowel; γγ
    ['Ευστάθιος', 'Efstathios'], // ευ before σ (voiceless)
    ['Ευτυχία', 'Eftychia'], // ευ before τ
    ['Ευγενία', 'Evgenia'], // ευ before γ
    ['Ευδοκία', 'Evdokia'], // ευ before δ
    ['Εύα', 'Eva'], // ευ before a vowel
    ['Δαυίδ', 'David'], // αυ before an accented vowel
    ['Μπάμπης', 'Bampis'], // μπ at the start, then inside
    ['Χαράλαμπος', 'Charalampos'],
    ['Λαμπρινή', 'Lamprini'],
    ['Θεόδωρος', 'Theodoros'],
    ['Κωνσταντίνος', 'Konstantinos'],
    ['Ντίνος', 'Ntinos'], // ντ is nt even at the start
    ['Άγγελος', 'Angelos'],
    ['Σπυρίδων', 'Spyridon'],
    ['Κυριακή', 'Kyriaki'],
    ['Ηλίας', 'Ilias'],
    ['Ζωή', 'Zoi'],
    ['Ουρανία', 'Ourania'],
    ['Μωυσής', 'Moysis'], // ωυ is no group
    ['Φώτης', 'Fotis'],
    ['Ξενοφών', 'Xenofon'],
    // Surnames and full names
    ['Μαρία Παπαδοπούλου', 'Maria Papadopoulou'],
    ['Ελευθέριος Βενιζέλος', 'Eleftherios Venizelos'], // ευ before θ
    ['Ντόρα Μπακογιάννη', 'Ntora Bakogianni'],
    ['Καραϊσκάκης', 'Karaiskakis'], // ϊ
    ['Γκίκας', 'Gkikas'], // γκ is gk
    ['Μυτιληναίος', 'Mytilinaios'],
    ['Ευθυμίου', 'Efthymiou'],
    ['Μπότσαρης', 'Botsaris'],
    ['Αγγελόπουλος', 'Angelopoulos'],
    ['Ψυχάρης', 'Psycharis'],
    ['Παπαδοπούλου-Μπέη', 'Papadopoulou-Bei'], // μπ after a hyphen starts a word
    ['Θ. Παπαδόπουλος', 'Th. Papadopoulos'], // an initial
    // Places
    ['Θεσσαλονίκη', 'Thessaloniki'],
    ['Χανιά', 'Chania'],
    ['Ψαρά', 'Psara'],
    ['Αθήνα', 'Athina'],
    ['Πειραιάς', 'Peiraias'],
    ['Ναύπλιο', 'Nafplio'], // αυ before π
    ['Λευκάδα', 'Lefkada'], // ευ before κ
    ['Εύβοια', 'Evvoia'], // ευ before β
    ['Ευρυτανία', 'Evrytania'],
    ['Γαύδος', 'Gavdos'],
    ['Ταΰγετος', 'Taygetos'], // ΰ: α and υ read apart
    ['Αγχίαλος', 'Anchialos'], // γχ
    ['Μεσολόγγι', 'Mesolongi'],
    ['Αγκίστρι', 'Agkistri'],
    ['Ολυμπία', 'Olympia'],
    ['Ζάκυνθος', 'Zakynthos'],
    ['Ηράκλειο', 'Irakleio'],
    ['Κέρκυρα', 'Kerkyra'],
    ['Ξάνθη', 'Xanthi'],
    ['Χαλκίδα', 'Chalkida'],
    // Companies
    ['Ολυμπιακός', 'Olympiakos'],
    ['Εθνική Τράπεζα', 'Ethniki Trapeza'],
    ['Ελληνικά Πετρέλαια', 'Ellinika Petrelaia'],
    ['Ευρωπαϊκή Πίστη', 'Evropaiki Pisti'],
    ['Φάλαγξ Ι.Κ.Ε.', 'Falanx I.K.E.'], // γξ
    ['ΦΑΓΕ Α.Ε.', 'FAGE A.E.'],
    ['Κ&Σ Α.Ε.', 'K&S A.E.'],
    ['Studio Φως', 'Studio Fos'],
    // Written in capitals
    ['ΘΕΣΣΑΛΟΝΙΚΗ', 'THESSALONIKI'],
    ['ΟΥΡΑΝΙΑ', 'OURANIA'],
    ['ΧΑΝΙΑ', 'CHANIA'],
    ['ΕΥΑΓΓΕΛΟΣ ΠΑΠΑΔΟΠΟΥΛΟΣ', 'EVANGELOS PAPADOPOULOS'],
    ['ΕΥΣΤΑΘΙΟΣ ΨΥΧΑΡΗΣ', 'EFSTATHIOS PSYCHARIS'],
    ['ΚΑΡΑΪΣΚΑΚΗΣ', 'KARAISKAKIS'], // Ϊ
    ['ΜΠΑΜΠΗΣ ΧΑΡΑΛΑΜΠΟΥ', 'BAMPIS CHARALAMPOU'],
  ]);
});

describe('transliterate: the rules one by one', () => {
  test('αυ, ευ, ηυ: v before a vowel or β γ δ ζ λ μ ν ρ, f before θ κ ξ π σ τ φ χ ψ and at the end', () => {
    expectReturns(transliterate, [
      ['αυτός', 'aftos'],
      ['αύριο', 'avrio'],
      ['ευχή', 'efchi'],
      ['εύκολο', 'efkolo'],
      ['ευζωία', 'evzoia'],
      ['ευμενής', 'evmenis'],
      ['ευνοϊκός', 'evnoikos'],
      ['αυξάνω', 'afxano'],
      ['αυφ', 'aff'],
      ['ευψυχία', 'efpsychia'],
      ['ηύρα', 'ivra'],
      ['ηυ', 'if'],
      ['ταυ', 'taf'],
      ['Ευ.', 'Ef.'],
    ]);
  });

  test('a diaeresis on the υ or an accent on the vowel before it keeps the two apart', () => {
    expectReturns(transliterate, [
      ['άυπνος', 'aypnos'],
      ['προϋπόθεση', 'proypothesi'],
      ['ΠΡΟΫΠΟΘΕΣΗ', 'PROYPOTHESI'],
      ['Εϋ', 'Ey'],
      ['πρωτεΐνη', 'proteini'],
      ['Μαΐου', 'Maiou'],
      ['ΑΪΔΟΝΙΑ', 'AIDONIA'],
    ]);
  });

  test('μπ is b at the start and the end of a word and mp inside; γ before γ ξ χ is n', () => {
    expectReturns(transliterate, [
      ['μπύρα', 'byra'],
      ['κλαμπ', 'klab'],
      ['λάμπα', 'lampa'],
      ['ΜΠ', 'B'],
      ['Σφίγγα', 'Sfinga'],
      ['λύγξ', 'lynx'],
      ['συγχαρητήρια', 'syncharitiria'],
      ['γκρεμός', 'gkremos'],
      ['πάντα', 'panta'],
    ]);
  });

  test('case: a capitalised word gets a capitalised pair, a word in capitals capitals, a lone capital Th', () => {
    expectReturns(transliterate, [
      ['Θ', 'Th'],
      ['Χ.', 'Ch.'],
      ['Ψ', 'Ps'],
      ['ΘΗ', 'THI'],
      ['Ου', 'Ou'],
      ['ΟΥ', 'OU'],
      ['Αυ', 'Af'],
      ['ΑΥΓΗ', 'AVGI'],
      ['Θεσσαλονίκη ΘΕΣΣΑΛΟΝΙΚΗ θεσσαλονίκη', 'Thessaloniki THESSALONIKI thessaloniki'],
    ]);
  });

  test('polytonic letters, symbol forms and letters typed with separate marks', () => {
    expectReturns(transliterate, [
      ['Ἀθῆναι', 'Athinai'],
      ['ᾠδή', 'odi'],
      ['Ῥόδος', 'Rodos'],
      ['Μαρι\u0301α', 'Maria'],
      ['πρωτει\u0308\u0301νη', 'proteini'],
      ['ϐϑϕϖϰϱϵϲ', 'vthfpkres'],
      ['\u2126', 'O'], // the ohm sign is Ω
    ]);
  });

  test('letters of older Greek, which ELOT 743 does not list, by the Latin letters they became', () => {
    expectReturns(transliterate, [
      ['ϝάναξ', 'wanax'],
      ['Ϙόρινθος', 'Qorinthos'],
      ['ϛʹ', 'stʹ'],
    ]);
  });
});

describe('transliterate: what it always does', () => {
  test("'' gives ''", () => {
    expect(transliterate('')).toBe('');
  });

  test('whatever is not a Greek letter is kept as written', () => {
    for (const text of [
      'Studio 54',
      'Café & Co. (2024) — «ok»; 50%',
      'e\u0301, ñ, Ø, ß, ﬁ, ², µm',
      'Иван Петров',
      '東京 🙂 ✓',
      '+30 210 123 4567 · info@example.gr',
      ' \t\n ',
    ]) {
      expect(transliterate(text)).toBe(text);
    }
  });

  test('no Greek letter is left, whichever one is given', () => {
    const letters: string[] = [];
    for (let code = 0; code <= 0x10ffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCodePoint(code);
      if (isGreekLetter(char)) letters.push(char);
    }
    expect(letters.length).toBeGreaterThan(300); // Unicode 15 has 350
    expect(letters.filter((char) => hasGreekLetter(transliterate(char)))).toEqual([]);
    const text = letters.join('');
    expect(hasGreekLetter(transliterate(text))).toBe(false);
    expect(hasGreekLetter(transliterate(text.toLowerCase()))).toBe(false);
    // Accents typed as separate marks go with their letter, not into the result.
    expect(transliterate(text.normalize('NFD'))).not.toMatch(/[\p{Script=Greek}\p{M}]/u);
  });

  test('never throws on broken text', () => {
    for (const text of ['\uD800', 'Α\uDC00β', '\u0301Α', 'Α\u0000Β', 'μ'.repeat(10_000)]) {
      expect(() => transliterate(text)).not.toThrow();
    }
    expect(transliterate('\uD800Α')).toBe('\uD800A');
    expect(transliterate('\u0301Α')).toBe('\u0301A');
  });
});
