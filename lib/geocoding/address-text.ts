import { fold } from './fold';
import { CONNECTOR_WORDS } from './name-match';
import { PLACE_PHRASES as PLACE_WORD_PHRASES } from './place-words';

/**
 * What a dispatcher types in the search box, taken apart the way Mexican addresses are written:
 * "Av. Insurgentes Sur 1602 piso 3, Crédito Constructor, 03940 CDMX" → street "Avenida Insurgentes
 * Sur", exterior number "1602", interior "Piso 3", colonia "Crédito Constructor", zip "03940".
 * Pure and safe for the browser.
 *
 * The rules, in the order they apply:
 * - Commas (or semicolons) separate street / colonia / the rest; without them, words before the
 *   first house number are the street and words after the numbers the colonia.
 * - Exterior number: the first number after the street's words, or after "no.", "núm.", "num",
 *   "#"; "36-B", "36 B", "36B", "36 bis"; "s/n", "sn", "sin número" → "S/N"; "Mz 5 Lt 3"
 *   (manzana and lote) and "km 14.5" are exterior numbers too.
 * - Interior: "int", "interior", "depto", "dpto", "departamento" give the bare value ("1", "4B");
 *   "local", "despacho", "piso", "oficina", "edificio", "torre", "casa" keep their word ("Piso 3", "Piso #3").
 *   A bare second number right after the exterior number is the interior number.
 * - A number is part of a name, not a house number, before "de" ("5 de Mayo"), as an ordinal
 *   before "Sección" ("Moctezuma 2a Sección"), after a lone street type or cardinal ("Eje 3 Sur",
 *   "Calle 10", "Norte 45"), and inside a colonia ("Escuadrón 201").
 * - Colonia: after "col.", "colonia", "fracc.", "fraccionamiento" (dropped), "barrio", "u.h.",
 *   "unidad habitacional", "ampl." (kept, expanded: part of the colonia's name).
 * - Zip: after "cp", "c.p.", "código postal" (4 digits get their leading zero back), or any bare
 *   5-digit number.
 * - Cross streets fill no field: "esq.", "esquina", "casi esq.", "entre … y …", and "y" right
 *   after the house number start the rest, which is dropped ("Juárez 10 y Balderas").
 * - "alc.", "alcaldía", "del.", "delegación", "mpio.", "municipio" start the rest, which is dropped;
 *   so are a trailing alcaldía, city or state ("CDMX", "Ciudad de México", "Jal.", "Guadalajara",
 *   "Coyoacán") after a colonia, unless nothing else would be left of it.
 * - Street types expanded at the start of the street ("av" → "Avenida", "calz" → "Calzada", "blvd"
 *   → "Boulevard", "priv" → "Privada", "prol" → "Prolongación", "cda" → "Cerrada", "and" →
 *   "Andador", "cjon" → "Callejón"; "Eje" kept; a leading "calle" before a name dropped);
 *   abbreviations in names expanded ("nte" → "Norte", "ote" → "Oriente", "pte" → "Poniente",
 *   "gral" → "General", "sta" → "Santa", "cd" → "Ciudad", "secc" → "Sección", …).
 * - Words typed in lower case (or a text typed all in capitals) are capitalised, with "de", "del",
 *   "la", "los"… kept in lower case inside a name; words typed with capitals keep them ("CDMX").
 * - When nothing tells whether the words are a street or a colonia (no number, no marker, no
 *   comma, no street type: "roma nte", "Insurgentes"), they are `freeText`; so is a number of 1
 *   to 4 digits alone (a zip code being typed: "066").
 */

export interface AddressTextParts {
  street: string;
  exteriorNumber: string;
  interiorNumber: string;
  neighborhood: string;
  zipCode: string;
  /** Words that could be a street or a colonia when nothing in the text tells which; or ''. */
  freeText: string;
}

/** A lookup table of words: a Map, so that no word ("constructor") finds Object's own members. */
const table = <V>(entries: Record<string, V>): ReadonlyMap<string, V> =>
  new Map(Object.entries(entries));

const STREET_TYPES: ReadonlyMap<string, string> = table({
  av: 'Avenida',
  ave: 'Avenida',
  avda: 'Avenida',
  avenida: 'Avenida',
  calz: 'Calzada',
  cz: 'Calzada',
  calzada: 'Calzada',
  blvd: 'Boulevard',
  blv: 'Boulevard',
  blvr: 'Boulevard',
  bvd: 'Boulevard',
  bulevar: 'Boulevard',
  boulevard: 'Boulevard',
  priv: 'Privada',
  pvda: 'Privada',
  privada: 'Privada',
  prol: 'Prolongación',
  prolongacion: 'Prolongación',
  cda: 'Cerrada',
  cerr: 'Cerrada',
  cerrada: 'Cerrada',
  and: 'Andador',
  andador: 'Andador',
  cjon: 'Callejón',
  cjn: 'Callejón',
  callejon: 'Callejón',
  eje: 'Eje',
  calle: 'Calle',
  carr: 'Carretera',
  carretera: 'Carretera',
  circ: 'Circuito',
  cto: 'Circuito',
  circuito: 'Circuito',
  ret: 'Retorno',
  retorno: 'Retorno',
  pje: 'Pasaje',
  pasaje: 'Pasaje',
  perif: 'Periférico',
  periferico: 'Periférico',
  viad: 'Viaducto',
  viaducto: 'Viaducto',
  pso: 'Paseo',
  paseo: 'Paseo',
  diag: 'Diagonal',
  diagonal: 'Diagonal',
});

/** Abbreviations inside street and colonia names. */
const NAME_ABBREVIATIONS: ReadonlyMap<string, string> = table({
  nte: 'Norte',
  ote: 'Oriente',
  pte: 'Poniente',
  gral: 'General',
  dr: 'Doctor',
  lic: 'Licenciado',
  ing: 'Ingeniero',
  prof: 'Profesor',
  mtro: 'Maestro',
  pdte: 'Presidente',
  sta: 'Santa',
  sto: 'Santo',
  fco: 'Francisco',
  gpe: 'Guadalupe',
  cd: 'Ciudad',
  secc: 'Sección',
  seccion: 'Sección',
  ampl: 'Ampliación',
});

/** Street words after which a number is part of the name: "Eje 3 Sur", "Calle 10", "Norte 45". */
const NUMBERED_STREET_WORDS = new Set([
  ...STREET_TYPES.keys(),
  'norte',
  'sur',
  'oriente',
  'poniente',
  'nte',
  'ote',
  'pte',
]);

const EXTERIOR_MARKERS = new Set(['no', 'num', 'numero', 'nro', 'n', 'nº']);
/** Markers that mean nothing without their number: dropped when it is missing (still typing). */
const BARE_MARKERS = new Set(['num', 'numero', 'nro', 'int', 'interior', 'depto', 'dpto', 'dep']);

interface InteriorMarker {
  label: string;
  /** The value alone when it is the only interior part ("int 1" → "1"). */
  bare: boolean;
}
const unit = (label: string): InteriorMarker => ({ label, bare: true });
const labelled = (label: string): InteriorMarker => ({ label, bare: false });
const INTERIOR_MARKERS: ReadonlyMap<string, InteriorMarker> = table({
  int: unit('Int'),
  interior: unit('Int'),
  depto: unit('Depto'),
  dpto: unit('Depto'),
  dep: unit('Depto'),
  departamento: unit('Depto'),
  local: labelled('Local'),
  loc: labelled('Local'),
  despacho: labelled('Despacho'),
  desp: labelled('Despacho'),
  piso: labelled('Piso'),
  oficina: labelled('Oficina'),
  of: labelled('Oficina'),
  ofna: labelled('Oficina'),
  ofic: labelled('Oficina'),
  edificio: labelled('Edificio'),
  edif: labelled('Edificio'),
  torre: labelled('Torre'),
  casa: labelled('Casa'),
});

const MANZANA_MARKERS = new Set(['mz', 'mza', 'manzana']);
const LOTE_MARKERS = new Set(['lt', 'lte', 'lote']);
const KILOMETRE_MARKERS = new Set(['km', 'kilometro']);

/** Colonia markers; the value is the word kept in the colonia's name ('' drops the marker). */
const COLONIA_MARKERS: ReadonlyMap<string, string> = table({
  col: '',
  colonia: '',
  fracc: '',
  frac: '',
  fraccionamiento: '',
  barrio: 'Barrio',
  bo: 'Barrio',
  uh: 'Unidad Habitacional',
  ampl: 'Ampliación',
  ampliacion: 'Ampliación',
});

/** After these, the words name the alcaldía, municipality or state: not needed, dropped. */
const AREA_MARKERS = new Set([
  'alc',
  'alcaldia',
  'delegacion',
  'deleg',
  'mpio',
  'municipio',
  'mun',
  'edo',
]);

/** States, cities and alcaldías (lib/geocoding/place-words.ts), as words, longest first. */
const PLACE_PHRASES = PLACE_WORD_PHRASES.map((phrase) => phrase.words);
/** Those never a colonia: the rest (alcaldías, "Morelos") may be one right after the street. */
const STATE_AND_CITY_PHRASES = PLACE_WORD_PHRASES.filter((phrase) => !phrase.alsoColonia).map(
  (phrase) => phrase.words,
);
/** Cities that are no alcaldía: alone in a text, they are the place searched for ("Monterrey"). */
const CITY_PHRASES = PLACE_WORD_PHRASES.filter(
  ({ entry, alsoColonia }) => entry.kind === 'city' && !alsoColonia,
).map((phrase) => phrase.words);
/** Those cut from the end of a colonia's words: not "Guerrero" of "Vicente Guerrero". */
const TRAILING_PLACE_PHRASES = PLACE_WORD_PHRASES.filter((phrase) => phrase.trailing).map(
  (phrase) => phrase.words,
);

/** Words that cannot be a colonia alone: "Villa Coyoacán" keeps its alcaldía. */
const NOT_ALONE = new Set([
  'villa',
  'san',
  'santa',
  'santo',
  'barrio',
  'pueblo',
  'ampliacion',
  'unidad',
  'ex',
  'nueva',
  'nuevo',
  'ciudad',
  ...CONNECTOR_WORDS,
]);

const ROMAN_NUMERALS = new Set(['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'x']);

/** A word folded for comparison, punctuation inside it removed: "C.P." → "cp", "Núm." → "num". */
const keyOf = (token: string) => fold(token).replace(/ /g, '');

const HOUSE_NUMBER = /^\d+[a-z]?$|^\d+-[a-z0-9]{1,4}$/i;
const INTERIOR_VALUE = /^(?:[a-z]-?)?\d+[a-z]?(?:-[a-z0-9]{1,4})?$|^[a-z]$|^pb$/i;
const MANZANA_VALUE = /^[a-z0-9]{1,5}$/i;
const ORDINAL = /^\d{1,2}(?:a|o|er|era|ra|da|do|ta|to|va|vo)$/i;

interface InteriorPart extends InteriorMarker {
  value: string;
}

interface Segment {
  /** Words before any number or marker. */
  lead: string[];
  /** Words after the numbers (a colonia, when no comma separates it). */
  tail: string[];
  /** Words after a colonia marker. */
  colonia: string[];
  /** A house number, S/N, manzana, km or interior number follows the lead: it is a street. */
  isStreet: boolean;
  /** Words from an area marker on ("Alc. Tlalpan", "Edo. Méx."): they name a place, not the address. */
  area: string[];
}

const NOTHING: AddressTextParts = {
  street: '',
  exteriorNumber: '',
  interiorNumber: '',
  neighborhood: '',
  zipCode: '',
  freeText: '',
};

type Target = 'lead' | 'tail' | 'colonia' | 'area' | 'rest';

interface Numbers {
  exterior: string;
  manzana: string;
  lote: string;
  kilometre: string;
  interior: InteriorPart[];
  zipCode: string;
}

export function parseAddressText(input: string): AddressTextParts {
  return parseAddressTextWithPlaces(input).parts;
}

/**
 * The parts, and the words set aside as places: a state, city or alcaldía named after the street
 * (in a later comma segment, at the end of the colonia's words, after "alc.", "mpio.", "edo."), or
 * a text that is nothing but a city ("Monterrey"). Never the street's own name ("Calle Monterrey
 * 45", "Av. Puebla 120"), nor the colonia right after the street when a place may be one ("Río
 * Lerma 156, Cuauhtémoc"). lib/geocoding/place-words.ts reads which place they name.
 */
export function parseAddressTextWithPlaces(input: string): {
  parts: AddressTextParts;
  placeWords: string[][];
} {
  // A text typed all in capitals reads like one typed in lower case.
  const text = /\p{Lu}/u.test(input) && !/\p{Ll}/u.test(input) ? input.toLowerCase() : input;
  // Up to 4 digits alone are a zip code being typed ("066"): whether street or zip is not told.
  if (/^\s*\d{1,4}\s*$/.test(text)) {
    return { parts: { ...NOTHING, freeText: text.trim() }, placeWords: [] };
  }
  const numbers: Numbers = {
    exterior: '',
    manzana: '',
    lote: '',
    kilometre: '',
    interior: [],
    zipCode: '',
  };
  const segments = text
    .split(/[,;\n]+/)
    .map((segment, at) => readSegment(tokenize(segment), numbers, at === 0));

  const { street, colonia, free, places } = assignPhrases(segments, numbers.zipCode !== '');
  const placeWords = [...places, ...segments.map((segment) => segment.area)];
  const parts = {
    street: renderName(street, { street: true }),
    exteriorNumber: [
      numbers.exterior,
      numbers.kilometre && `Km ${numbers.kilometre}`,
      numbers.manzana && `Mz ${numbers.manzana}`,
      numbers.lote && `Lt ${numbers.lote}`,
    ]
      .filter(Boolean)
      .join(' '),
    interiorNumber: renderInterior(numbers.interior),
    neighborhood: renderName(stripTrailingPlaces(colonia, placeWords)),
    zipCode: numbers.zipCode,
    freeText: renderName(stripTrailingPlaces(free, placeWords)),
  };
  return { parts, placeWords: placeWords.filter((words) => words.length > 0) };
}

/** Words of a segment, with markers glued to their number split off: "#36", "No.36", "C.P.06600". */
function tokenize(segment: string): string[] {
  return segment
    .replace(/#/g, ' # ')
    .replace(
      /(^|\s)(no|n[uú]m|int|c\.?p|depto|dpto|dep|mza?|lte?|km|loc|desp|of)(\.?)(?=\d)/gi,
      '$1$2$3 ',
    )
    .split(/\s+/)
    .map((token) => token.replace(/^[^\p{L}\p{N}#]+|[^\p{L}\p{N}.#°º]+$/gu, ''))
    .filter((token) => token === '#' || keyOf(token) !== '');
}

function readSegment(tokens: string[], numbers: Numbers, firstSegment: boolean): Segment {
  const segment: Segment = { lead: [], tail: [], colonia: [], isStreet: false, area: [] };
  // An object, not a `let`: the helpers below move it, which TypeScript's narrowing cannot see.
  const at: { target: Target } = { target: 'lead' };
  const push = (word: string) => {
    if (at.target !== 'rest') segment[at.target].push(word);
  };
  const afterNumber = () => {
    if (at.target === 'lead') at.target = 'tail';
    segment.isStreet = true;
  };
  const afterZip = () => {
    const current = at.target === 'rest' ? [] : segment[at.target];
    if (current.length > 0) at.target = 'rest';
  };

  for (let i = 0; i < tokens.length; i += 1) {
    const raw = tokens[i]!;
    const key = keyOf(raw);
    const next = tokens[i + 1];
    const nextKey = next === undefined ? '' : keyOf(next);

    // Zip code: "CP 06600", "C. P. 06600", "código postal 06600", or any 5-digit number.
    const zipSpan =
      key === 'cp'
        ? 1
        : (key === 'c' && nextKey === 'p') || (key === 'codigo' && nextKey === 'postal')
          ? 2
          : 0;
    if (zipSpan > 0) {
      const value = tokens[i + zipSpan];
      if (value !== undefined && /^\d{4,5}$/.test(value)) {
        numbers.zipCode ||= value.padStart(5, '0');
        i += zipSpan;
        afterZip();
      } else {
        i += zipSpan - 1;
      }
      continue;
    }
    if (/^\d{5}$/.test(raw)) {
      numbers.zipCode ||= raw;
      afterZip();
      continue;
    }

    // Exterior number after its marker; a second one is the interior number.
    const isExteriorMarker =
      raw === '#' || (EXTERIOR_MARKERS.has(key) && (key !== 'n' || raw.length > 1));
    if (isExteriorMarker && next !== undefined && HOUSE_NUMBER.test(next)) {
      const [value, used] = houseNumberAt(tokens, i + 1);
      if (!numbers.exterior) numbers.exterior = value;
      else numbers.interior.push({ ...unit('Int'), value });
      i += used;
      afterNumber();
      continue;
    }
    if (raw === '#' || (BARE_MARKERS.has(key) && !INTERIOR_MARKERS.get(key))) continue;

    // Sin número.
    const withoutNumber =
      /^s\/n/i.test(raw) ||
      key === 'snum' ||
      (key === 'sn' && (next === undefined || /^\d{5}$/.test(next) || isMarker(nextKey))) ||
      (key === 'sin' && ['numero', 'num', 'no', 'nro'].includes(nextKey));
    if (withoutNumber) {
      numbers.exterior ||= 'S/N';
      if (key === 'sin') i += 1;
      afterNumber();
      continue;
    }

    const interior = INTERIOR_MARKERS.get(key);
    if (interior) {
      // "Local #4", "Depto. #302": a "#" between the marker and its value adds nothing.
      const valueAt = next === '#' ? i + 2 : i + 1;
      const value = tokens[valueAt];
      if (value !== undefined && INTERIOR_VALUE.test(value)) {
        numbers.interior.push({ ...interior, value: value.toUpperCase() });
        i = valueAt;
        if (at.target === 'lead' && segment.lead.length > 0) afterNumber();
        continue;
      }
      if (interior.bare) continue;
    }

    if (MANZANA_MARKERS.has(key) && next !== undefined && MANZANA_VALUE.test(next)) {
      numbers.manzana ||= next.toUpperCase();
      i += 1;
      afterNumber();
      continue;
    }
    if (LOTE_MARKERS.has(key) && next !== undefined && MANZANA_VALUE.test(next)) {
      numbers.lote ||= next.toUpperCase();
      i += 1;
      afterNumber();
      continue;
    }
    if (KILOMETRE_MARKERS.has(key) && next !== undefined && /^\d+(?:\.\d+)?$/.test(next)) {
      numbers.kilometre ||= next;
      i += 1;
      afterNumber();
      continue;
    }

    // Cross streets name no field of the address: "esq. Hamburgo", "casi esquina con Hamburgo",
    // "entre Londres y Hamburgo" (but the text's first word may be the street Entre Ríos), and
    // "y Balderas" right after the house number. The words before them are a street.
    const crossStreet =
      key === 'esq' ||
      key === 'esquina' ||
      (key === 'casi' && (nextKey === 'esq' || nextKey === 'esquina')) ||
      (key === 'entre' && (i > 0 || !firstSegment)) ||
      (/^[ye]$/i.test(raw) && at.target === 'tail' && segment.tail.length === 0);
    if (crossStreet) {
      if (segment.lead.length > 0) segment.isStreet = true;
      at.target = 'rest';
      continue;
    }

    // Colonia markers: "col.", "u. h.", "unidad habitacional", "barrio", …
    const housingUnit =
      (key === 'u' && nextKey === 'h') || (key === 'unidad' && nextKey === 'habitacional');
    if (housingUnit || COLONIA_MARKERS.get(key) !== undefined) {
      at.target = 'colonia';
      const kept = housingUnit ? 'Unidad Habitacional' : COLONIA_MARKERS.get(key)!;
      if (kept) segment.colonia.push(kept);
      if (housingUnit) i += 1;
      continue;
    }
    if (AREA_MARKERS.has(key) || /^del\.$/i.test(raw)) {
      at.target = 'area';
      segment.area.push(raw);
      continue;
    }

    if (HOUSE_NUMBER.test(raw)) {
      if (isPartOfName(tokens, i, at.target, segment)) {
        push(raw);
        continue;
      }
      // Once a house number is known, a number after words names a place ("Escuadrón 201").
      const rightAfterStreet =
        (at.target === 'lead' && !numbers.exterior) ||
        (at.target === 'tail' && segment.tail.length === 0);
      if (rightAfterStreet && !numbers.exterior) {
        const [value, used] = houseNumberAt(tokens, i);
        numbers.exterior = value;
        i += used - 1;
        afterNumber();
        continue;
      }
      if (rightAfterStreet && numbers.interior.length === 0) {
        numbers.interior.push({ ...unit('Int'), value: raw.toUpperCase() });
        afterNumber();
        continue;
      }
    }
    push(raw);
  }
  return segment;
}

function isMarker(key: string): boolean {
  return COLONIA_MARKERS.get(key) !== undefined || AREA_MARKERS.has(key) || key === 'cp';
}

/** "36", "36-B", "36 B" → "36-B", "36B", "36 bis" → "36 Bis"; and how many tokens it took. */
function houseNumberAt(tokens: string[], at: number): [string, number] {
  const value = tokens[at]!.toUpperCase();
  const next = tokens[at + 1];
  if (next !== undefined && /^[a-z]$/i.test(next) && !/^[yeou]$/.test(next)) {
    return [`${value}-${next.toUpperCase()}`, 2];
  }
  if (next !== undefined && /^bis$/i.test(next)) return [`${value} Bis`, 2];
  return [value, 1];
}

function isPartOfName(tokens: string[], at: number, target: Target, segment: Segment): boolean {
  const next = tokens[at + 1] === undefined ? '' : keyOf(tokens[at + 1]!);
  if ((next === 'de' || next === 'del') && tokens[at + 2] !== undefined) return true;
  if (ORDINAL.test(tokens[at]!) && (next === 'seccion' || next === 'secc')) return true;
  // A number inside a colonia ("Escuadrón 201") or after the colonia's words needs no rule here:
  // the caller reads a house or interior number only right after the street.
  return (
    target === 'lead' &&
    segment.lead.length === 1 &&
    NUMBERED_STREET_WORDS.has(keyOf(segment.lead[0]!))
  );
}

/**
 * Decides which words are the street, which the colonia, and which are free text; and which
 * phrases, left unused, name places.
 */
function assignPhrases(
  segments: Segment[],
  hasZipCode: boolean,
): {
  street: string[];
  colonia: string[];
  free: string[];
  places: string[][];
} {
  const marked = segments.find((segment) => segment.colonia.length > 0)?.colonia ?? [];
  const streetAt = segments.findIndex(
    (segment) =>
      segment.isStreet || (segment.lead.length > 0 && STREET_TYPES.has(keyOf(segment.lead[0]!))),
  );
  if (streetAt >= 0) {
    const streetSegment = segments[streetAt]!;
    const candidates = [
      marked,
      streetSegment.tail,
      // Right after the street, an alcaldía's name may be the colonia ("Río Lerma 156, Cuauhtémoc").
      ...segments
        .slice(streetAt + 1)
        .map((segment) => segment.lead)
        .filter((words) => !isPlaceOnly(words, STATE_AND_CITY_PHRASES)),
      ...segments
        .slice(0, streetAt)
        .map((segment) => segment.lead)
        .filter((words) => !isPlaceOnly(words, PLACE_PHRASES)),
    ];
    const colonia = candidates.find((words) => words.length > 0) ?? [];
    const places = segments
      .slice(streetAt + 1)
      .map((segment) => segment.lead)
      .filter((words) => words !== colonia && isPlaceOnly(words, PLACE_PHRASES));
    return { street: streetSegment.lead, colonia, free: [], places };
  }
  const phrases = segments
    .flatMap((segment) => [segment.lead, segment.tail])
    .filter((words) => words.length > 0);
  const named = phrases.filter((words) => !isPlaceOnly(words, PLACE_PHRASES));
  // A lone alcaldía or city may still be what the dispatcher is looking for ("Coyoacán").
  const unmarked = named.length > 0 || marked.length > 0 ? named : phrases.slice(0, 1);
  // Unused place phrases name places; so does a lone city searched for ("Monterrey"), not a lone
  // alcaldía ("Coyoacán", a colonia too) nor a state's name ("Sonora", "Jalisco": streets too) —
  // unless a zip code comes with it ("53000, CDMX"): then it is no longer the words searched for.
  const places = phrases.filter(
    (words) =>
      isPlaceOnly(words, PLACE_PHRASES) &&
      (!unmarked.includes(words) || hasZipCode || isPlaceOnly(words, CITY_PHRASES)),
  );
  if (hasZipCode && named.length === 0 && marked.length === 0) {
    return { street: [], colonia: [], free: [], places };
  }
  if (marked.length > 0) return { street: unmarked[0] ?? [], colonia: marked, free: [], places };
  if (unmarked.length >= 2) {
    return { street: unmarked[0]!, colonia: unmarked[1]!, free: [], places };
  }
  return { street: [], colonia: [], free: unmarked[0] ?? [], places };
}

function endsWithPhrase(keys: string[], phrase: string[]): boolean {
  return (
    keys.length >= phrase.length &&
    phrase.every((word, i) => keys[keys.length - phrase.length + i] === word)
  );
}

function isPlaceOnly(words: string[], phrases: string[][]): boolean {
  let keys = words.map(keyOf);
  while (keys.length > 0) {
    const phrase = phrases.find((candidate) => endsWithPhrase(keys, candidate));
    if (!phrase) return false;
    keys = keys.slice(0, keys.length - phrase.length);
  }
  return words.length > 0;
}

/**
 * "Del Carmen Coyoacán CDMX" → "Del Carmen" (the words cut added to `cut`); "Villa Coyoacán",
 * "Cuauhtémoc", "Vicente Guerrero" and "Ponce de León" stay whole.
 */
function stripTrailingPlaces(words: string[], cut: string[][]): string[] {
  let kept = words;
  for (;;) {
    const keys = kept.map(keyOf);
    const phrase = TRAILING_PLACE_PHRASES.find((candidate) => endsWithPhrase(keys, candidate));
    if (!phrase) return kept;
    const rest = kept.slice(0, kept.length - phrase.length);
    const restKeys = rest.map(keyOf);
    if (rest.length === 0 || (rest.length === 1 && NOT_ALONE.has(restKeys[0]!))) return kept;
    // "Ponce de León", "Valle de Chalco", "Héroes de Puebla": the place is part of the name.
    if (CONNECTOR_WORDS.has(restKeys.at(-1)!)) return kept;
    cut.push(kept.slice(rest.length));
    kept = rest;
  }
}

function renderName(words: string[], { street = false } = {}): string {
  const out: string[] = [];
  words.forEach((raw, i) => {
    const key = keyOf(raw);
    const next = words[i + 1];
    const nextKey = next === undefined ? '' : keyOf(next);
    if (i === 0 && street && STREET_TYPES.get(key)) {
      // "calle Sonora" is Sonora; "Calle 10" is a name.
      if (key === 'calle' && next !== undefined && !/^\d/.test(next)) return;
      out.push(STREET_TYPES.get(key)!);
      return;
    }
    // "Pte. de Vigas", "Av. Pte. de Alvarado": Puente; Poniente comes after a name, never before "de".
    if (key === 'pte' && nextKey === 'de') {
      out.push('Puente');
      return;
    }
    if (NAME_ABBREVIATIONS.get(key)) {
      out.push(NAME_ABBREVIATIONS.get(key)!);
      return;
    }
    if (ROMAN_NUMERALS.has(key) && (nextKey === 'seccion' || nextKey === 'secc')) {
      out.push(key.toUpperCase());
      return;
    }
    if (CONNECTOR_WORDS.has(key) && out.length > 0) {
      out.push(raw.toLowerCase());
      return;
    }
    out.push(capitalise(raw));
  });
  return out.join(' ');
}

/** "varsovia" → "Varsovia", "méxico-toluca" → "México-Toluca"; "CDMX", "McAllen" as typed. */
function capitalise(word: string): string {
  if (word !== word.toLowerCase()) return word;
  return word.replace(
    /(^|-)(\p{Ll})/gu,
    (_, start: string, letter: string) => start + letter.toUpperCase(),
  );
}

function renderInterior(parts: InteriorPart[]): string {
  if (parts.length === 1 && parts[0]!.bare) return parts[0]!.value;
  return parts.map((part) => `${part.label} ${part.value}`).join(' ');
}
