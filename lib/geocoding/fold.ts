/**
 * Text as a dispatcher might type it, reduced for matching: no accents, lower case, words split on
 * anything that is not a letter or digit. "Juárez", "JUAREZ" and "juarez" all fold to "juarez";
 * "Peñón" folds to "penon".
 */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function foldedWords(text: string): string[] {
  const folded = fold(text);
  return folded ? folded.split(' ') : [];
}
