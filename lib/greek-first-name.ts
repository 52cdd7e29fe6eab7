// How Greek grammar treats a person's first name in a sentence: its vocative, for a greeting
// («Γεια σας, Δημήτρη»), and its article, before a name that is the subject («Η Μαρία … σας
// προσκαλεί»). Both are read from the name's ending; a name whose form cannot be told for sure
// gets null, and the sentence is then phrased without it: a greeting with no name reads better
// than «Γεια σας Δημήτρης».
//
// The vocative of a name in -ος follows its stress (Τριανταφυλλίδης, §§ 275–276): a paroxytone of
// two or three syllables takes -ο (Γιώργος → Γιώργο, Κυριάκος → Κυριάκο), a proparoxytone or a
// longer one takes -ε (Νικόλαος → Νικόλαε, Κωνσταντίνος → Κωνσταντίνε). In -ιος the ι may be a
// syllable of its own or not (Μάριος → Μάριε, but Στέλιος → Στέλιο) and the spelling does not
// say which: names of four or more syllables are learned and take -ε (Γεώργιος → Γεώργιε), the
// shorter ones come from a list, and the others get null.

const GREEK = /^[\p{Script=Greek}]+$/u;
const NOT_GREEK = /^[^\p{Script=Greek}]+$/u;
/** A first name's parts: Μαρία-Ελένη, Ιωάννης Δημήτριος. */
const PARTS = /([\s-]+)/;

const VOWELS = new Set('αεηιουω');
const DIPHTHONGS = new Set(['αι', 'ει', 'οι', 'υι', 'ου', 'αυ', 'ευ', 'ηυ']);
const ACUTE = '\u0301';
const DIAERESIS = '\u0308';

/** Short names in -ιος, whose vocative the spelling does not tell. */
const SHORT_IOS: Record<string, string> = {
  Στέλιος: 'Στέλιο',
  Στέργιος: 'Στέργιο',
  Βάιος: 'Βάιο',
  Μάριος: 'Μάριε',
  Φώτιος: 'Φώτιε',
};

interface Letter {
  base: string;
  accent: boolean;
  diaeresis: boolean;
}

/** Lower-case letters without their marks, each with whether it carried the accent or diaeresis. */
function letters(word: string): Letter[] {
  const out: Letter[] = [];
  for (const char of word.toLowerCase().normalize('NFD')) {
    const last = out[out.length - 1];
    if (char === ACUTE && last) last.accent = true;
    else if (char === DIAERESIS && last) last.diaeresis = true;
    else out.push({ base: char === 'ς' ? 'σ' : char, accent: false, diaeresis: false });
  }
  return out;
}

/**
 * The word's syllables, as their vowels, counted from its end: which one (1 = the last) carries
 * the accent, and how many there are. A diphthong is one syllable; so is an unstressed ι between a
 * consonant and a vowel (Γιώργος, Κυριάκος: its sound is the consonant's). Null: no accent.
 */
function stress(word: string): { fromEnd: number; syllables: number } | null {
  const list = letters(word);
  const nuclei: boolean[] = [];
  for (let i = 0; i < list.length; i++) {
    const letter = list[i];
    if (!VOWELS.has(letter.base)) continue;
    const next = list[i + 1];
    const previous = list[i - 1];
    const nextIsVowel = next !== undefined && VOWELS.has(next.base);
    if (
      letter.base === 'ι' &&
      !letter.accent &&
      !letter.diaeresis &&
      nextIsVowel &&
      previous !== undefined &&
      !VOWELS.has(previous.base)
    ) {
      continue;
    }
    if (
      next &&
      nextIsVowel &&
      !letter.accent &&
      !next.diaeresis &&
      DIPHTHONGS.has(letter.base + next.base)
    ) {
      nuclei.push(next.accent);
      i += 1;
      continue;
    }
    nuclei.push(letter.accent);
  }
  const at = nuclei.lastIndexOf(true);
  if (at < 0) return null;
  return { fromEnd: nuclei.length - at, syllables: nuclei.length };
}

/** The ending, lower case and without marks: «Γιώργος» ends in «ος». */
function endsIn(word: string, ending: string): boolean {
  return letters(word)
    .map((letter) => letter.base)
    .join('')
    .endsWith(ending.replace(/ς$/, 'σ'));
}

/** A name in -ος: -ο or -ε by its stress, or null. */
function vocativeOfOs(word: string): string | null {
  const stem = word.slice(0, -2);
  if (endsIn(word, 'ιος')) {
    // stress() reads the ι of -ιος as no syllable (Στέ-λιος); counted as one (Γε-ώρ-γι-ος), the
    // name has one more.
    const at = stress(word);
    return at && at.fromEnd >= 2 && at.syllables + 1 >= 4 ? `${stem}ε` : null;
  }
  const at = stress(word);
  if (!at || at.fromEnd === 1) return null;
  return at.fromEnd === 2 && at.syllables <= 3 ? `${stem}ο` : `${stem}ε`;
}

/** One Greek word's vocative, or null when unsure. */
function vocativeOfWord(word: string): string | null {
  if (word in SHORT_IOS) return SHORT_IOS[word];
  if (endsIn(word, 'ος')) return vocativeOfOs(word);
  // -ης, -ας, -ούς (Δημήτρης, Περικλής, Λουκάς, Ιησούς): the ς goes.
  if (endsIn(word, 'ης') || endsIn(word, 'ας') || endsIn(word, 'ους')) return word.slice(0, -1);
  // -α, -η, -ω, -ού (Μαρία, Ελένη, Φρόσω, Κλειώ): the vocative is the name.
  if (/[αηω]$/.test(letters(word).at(-1)?.base ?? '') || endsIn(word, 'ου')) return word;
  // Hebrew names, undeclined (Μιχαήλ, Δανιήλ, Ισαάκ, Ελισάβετ).
  if (/[λκτδβ]$/.test(letters(word).at(-1)?.base ?? '')) return word;
  return null;
}

/**
 * The vocative of a first name, to greet its bearer: Greek names declined, others unchanged
 * (Alice), and null when unsure (a name in -ων or -ις, an unaccented -ος, scripts mixed).
 */
export function greekVocative(firstName: string): string | null {
  const name = firstName.trim().normalize('NFC');
  if (name === '') return null;
  if (NOT_GREEK.test(name)) return name;
  const parts = name.split(PARTS);
  const out: string[] = [];
  for (const [i, part] of parts.entries()) {
    if (i % 2 === 1) {
      out.push(part);
      continue;
    }
    if (!GREEK.test(part)) return null;
    const vocative = vocativeOfWord(part);
    if (vocative === null) return null;
    out.push(vocative);
  }
  return out.join('');
}

/**
 * The article before a first name as a sentence's subject: «Ο» (Γιώργος, Λουκάς, Δημήτρης), «Η»
 * (Μαρία, Ελένη, Φρόσω), or null when the name does not say (Latin script, Μιχαήλ, Άρτεμις).
 * Read from the first of its parts (Μαρία-Ελένη).
 */
export function greekArticle(firstName: string): 'Ο' | 'Η' | null {
  const first = firstName.trim().normalize('NFC').split(PARTS)[0] ?? '';
  if (!GREEK.test(first)) return null;
  if (['ος', 'ης', 'ας', 'ους'].some((ending) => endsIn(first, ending))) return 'Ο';
  if (/[αηω]$/.test(letters(first).at(-1)?.base ?? '')) return 'Η';
  return null;
}
