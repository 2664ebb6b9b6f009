import { foldedWords } from './fold';

/**
 * How a few typed words compare with a place's name, the same way wherever it is asked: the
 * gazetteer's ranking, and the search's decision whether the dispatcher's words named the colonia
 * found or still need to be offered as a street. Pure: no data, no server code.
 */

/** Words that join a name's parts ("Calzada de Tlalpan", "Peñón de los Baños"). */
export const CONNECTOR_WORDS: ReadonlySet<string> = new Set([
  'de',
  'del',
  'la',
  'las',
  'los',
  'el',
  'y',
  'e',
]);

/**
 * Words that only tell colonias of one name apart ("Del Valle Norte", "Polanco II Sección"): a
 * text that names the rest has named the colonia.
 */
const QUALIFIER_WORDS: ReadonlySet<string> = new Set([
  'norte',
  'sur',
  'oriente',
  'poniente',
  'centro',
  'seccion',
  'i',
  'ii',
  'iii',
  'iv',
  'v',
  'vi',
  '1a',
  '2a',
  '3a',
  '4a',
]);

/** A name's folded words without connectors: "Peñón de los Baños" → ["penon", "banos"]. */
export function contentWords(text: string): string[] {
  return foldedWords(text).filter((word) => !CONNECTOR_WORDS.has(word));
}

/**
 * Typing mistakes forgiven in a word: one from five letters on, two from ten ("juares" is
 * "juarez", "polanko" is "polanco"); none in short words or numbers, where one changed letter is
 * another word ("roma", "sur", "06600").
 */
export function maxTypos(word: string): number {
  if (word.length < 5 || !/^\p{L}+$/u.test(word)) return 0;
  return Math.min(2, Math.round(word.length * 0.15));
}

export type WordMatch = 'exact' | 'prefix' | 'typo';

/** How a typed word matches a name's word: whole, as its beginning, or within `maxTypos`. */
export function wordMatch(typed: string, word: string): WordMatch | null {
  if (typed === word) return 'exact';
  if (word.startsWith(typed)) return 'prefix';
  const limit = maxTypos(typed);
  return limit > 0 && editDistance(typed, word, limit) <= limit ? 'typo' : null;
}

/** Levenshtein distance, giving up (returning limit + 1) once it exceeds `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * How closely typed words name a place. 0: they are its name (typing mistakes forgiven), or its
 * name without the municipality's words ("centro" is "Guadalajara Centro"). 1: they begin its
 * name ("del vall" → "Del Valle Centro", but not "Tlacoquemécatl del Valle"). 2: they are found
 * elsewhere in it ("insurgentes" → "San José Insurgentes"). Null: some typed word is not in it.
 * `typed` and `name` are folded words, connectors included; `core` the name's content words
 * without its municipality's.
 */
export function nameMatchTier(
  typed: readonly string[],
  name: readonly string[],
  core: readonly string[],
): 0 | 1 | 2 | null {
  const typedContent = typed.filter((word) => !CONNECTOR_WORDS.has(word));
  const nameContent = name.filter((word) => !CONNECTOR_WORDS.has(word));
  if (typedContent.length === 0) return null;
  if (!typedContent.every((word) => nameContent.some((nameWord) => wordMatch(word, nameWord)))) {
    return null;
  }
  const whole = (words: readonly string[]) =>
    words.length === typedContent.length &&
    typedContent.every((word, i) => {
      const match = wordMatch(word, words[i]!);
      return match === 'exact' || match === 'typo';
    });
  if (whole(nameContent) || whole(core)) return 0;
  // A leading connector is part of what the dispatcher means: "del valle" begins "Del Valle Sur".
  const leadingConnector = CONNECTOR_WORDS.has(typed[0]!);
  if (beginsWith(typed, name) || (!leadingConnector && beginsWith(typedContent, nameContent))) {
    return 1;
  }
  return 2;
}

/**
 * Whether the typed words name the place: its whole name, or its beginning followed only by words
 * that tell colonias of that name apart ("roma" names Roma Norte; "insurgentes" does not name
 * Insurgentes Mixcoac). `ignorable`: the place's municipality and city, which a name may repeat.
 */
export function namesPlace(typedText: string, name: string, ignorable: string[] = []): boolean {
  const typed = contentWords(typedText);
  const words = contentWords(name);
  const ignored = new Set(ignorable.flatMap(contentWords));
  const core = words.filter((word) => !ignored.has(word));
  const coversFromStart = (nameWords: string[]) =>
    nameWords.length >= typed.length &&
    beginsWith(typed, nameWords) &&
    nameWords.slice(typed.length).every((word) => QUALIFIER_WORDS.has(word));
  return typed.length > 0 && (coversFromStart(words) || (core.length > 0 && coversFromStart(core)));
}

function beginsWith(typed: readonly string[], name: readonly string[]): boolean {
  return typed.length <= name.length && typed.every((word, i) => wordMatch(word, name[i]!));
}
