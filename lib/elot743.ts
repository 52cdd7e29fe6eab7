// No npm library checked applies ELOT 743's context rules (greek-utils, transliteration, greeklish,
// greek-transliteration, the last SBL's scheme), hence this module.
//
// ELOT 743 (= ISO 843) has two tables. Type 1 (transliteration) is reversible: it keeps the
// accents and writes η ī, ω ō, αυ au. Type 2 (transcription) is the one on Greek passports and
// identity cards and the UN's for place names: plain Latin letters, no accents, and a few groups of
// letters read by their context. This is type 2. Its rules, each the reason for a branch below:
// - αυ, ευ, ηυ give av, ev, iv before a vowel or a voiced consonant (β γ δ ζ λ μ ν ρ), and af, ef,
//   if before a voiceless one (θ κ ξ π σ τ φ χ ψ) and at the end of a word;
// - ου gives ou; a diaeresis on the υ (αϋ, οϋ) or an accent on the first vowel (άυ) says the two
//   are read apart, and each is then written on its own (ay, oy);
// - μπ gives b at the start or the end of a word and mp inside it;
// - γ before γ, ξ or χ gives n (γγ ng, γξ nx, γχ nch); γκ stays gk and ντ nt;
// - accents and diaereses are dropped, and ς is s;
// - a letter written with two (θ th, χ ch, ψ ps) is capitalised as Th, Ch, Ps, and as TH, CH, PS
//   inside a word written in capitals.
// Whatever is not a Greek letter (Latin letters, digits, punctuation, spaces) is left as it is.

/** One Greek letter of the text: its small base letter and what was written on it. */
interface Letter {
  base: string;
  upper: boolean;
  diaeresis: boolean;
  accent: boolean;
}

const LATIN: Readonly<Record<string, string>> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
  // Letters of older Greek that ELOT 743, written for the modern alphabet, does not list: the Latin
  // letters that descend from them, or the sound they stood for.
  ϝ: 'w', // digamma
  ͷ: 'w', // Pamphylian digamma
  ϛ: 'st', // stigma, the στ ligature
  ϙ: 'q', // archaic koppa
  ϟ: 'q', // koppa
  ϡ: 'ss', // sampi
  ͳ: 'ss', // archaic sampi
  ͱ: 'h', // heta
  ϳ: 'j', // yot
  ϻ: 's', // san
  ϸ: 'sh', // sho
  ϗ: 'kai', // the καί symbol
  ϼ: 'r', // rho with stroke
  ͻ: 's', // the lunate sigmas that Unicode does not fold into σ
  ͼ: 's',
  ͽ: 's',
  ᴦ: 'g', // the small capitals of phonetic notation
  ᴧ: 'l',
  ᴨ: 'p',
  ᴩ: 'r',
  ᴪ: 'ps',
  ꭥ: 'o',
};

const VOWELS = new Set(['α', 'ε', 'η', 'ι', 'ο', 'υ', 'ω']);
const VOICED = new Set(['β', 'γ', 'δ', 'ζ', 'λ', 'μ', 'ν', 'ρ']);
const BEFORE_N = new Set(['γ', 'ξ', 'χ']);

const GREEK = /\p{Script=Greek}/u;
const LETTER = /\p{L}/u;
const MARK = /\p{M}/u;
const DIAERESIS = '\u0308';
// The acute (tonos, oxia), the grave (varia) and the circumflex (perispomeni) of polytonic text.
const ACCENT = /[\u0300\u0301\u0342]/u;

function isGreekLetter(char: string): boolean {
  return GREEK.test(char) && LETTER.test(char);
}

function readLetter(written: string): Letter {
  // NFKD splits a letter from its marks (ά → α + ́) and folds the symbol forms into letters
  // (ϐ → β, ϑ → θ, ϲ → ς); the marks then read as flags.
  const decomposed = written.normalize('NFKD');
  const first = decomposed.replace(/\p{M}|\s/gu, '').charAt(0);
  const small = first.toLowerCase();
  return {
    base: small === 'ς' ? 'σ' : small,
    upper: small !== first,
    diaeresis: decomposed.includes(DIAERESIS),
    accent: ACCENT.test(decomposed),
  };
}

/** The Latin for each letter of one word, decided by its neighbours. */
function latinOf(word: readonly Letter[]): string[] {
  // The one Greek letter with no entry is ͺ, the iota subscript written on its own: dropped, as it
  // is under a letter (ᾳ → a).
  const latin = word.map((letter) => LATIN[letter.base] ?? '');
  word.forEach((letter, i) => {
    const next = word[i + 1];
    if (next === undefined) return;
    // A diaeresis on the υ, or an accent on the vowel before it, keeps the two apart.
    const uGroup = next.base === 'υ' && !next.diaeresis && !letter.accent;
    if (uGroup && (letter.base === 'α' || letter.base === 'ε' || letter.base === 'η')) {
      const after = word[i + 2];
      const voiced = after !== undefined && (VOWELS.has(after.base) || VOICED.has(after.base));
      latin[i + 1] = voiced ? 'v' : 'f';
    } else if (uGroup && letter.base === 'ο') {
      latin[i + 1] = 'u';
    } else if (letter.base === 'μ' && next.base === 'π' && (i === 0 || i + 2 === word.length)) {
      latin[i] = 'b';
      latin[i + 1] = '';
    } else if (letter.base === 'γ' && BEFORE_N.has(next.base)) {
      latin[i] = 'n';
    }
  });
  return latin;
}

function transliterateWord(word: readonly Letter[]): string {
  // A lone capital ("Θ.") is an initial or an abbreviation, written Th.
  const capitals = word.length > 1 && word.every((letter) => letter.upper);
  const latin = latinOf(word);
  return word
    .map((letter, i) => {
      const text = latin[i];
      if (capitals) return text.toUpperCase();
      return letter.upper ? text.charAt(0).toUpperCase() + text.slice(1) : text;
    })
    .join('');
}

/**
 * The text with its Greek written in Latin letters by ELOT 743 type 2, the table of Greek passports
 * (Μαρία Παπαδοπούλου → Maria Papadopoulou); everything else in it is kept as written.
 */
export function transliterate(text: string): string {
  const chars = Array.from(text);
  let result = '';
  let i = 0;
  while (i < chars.length) {
    if (!isGreekLetter(chars[i])) {
      result += chars[i];
      i += 1;
      continue;
    }
    const word: Letter[] = [];
    while (i < chars.length && isGreekLetter(chars[i])) {
      let written = chars[i];
      i += 1;
      // Marks typed as separate characters (α + ́) belong to the letter before them.
      while (i < chars.length && MARK.test(chars[i])) {
        written += chars[i];
        i += 1;
      }
      word.push(readLetter(written));
    }
    result += transliterateWord(word);
  }
  return result;
}
