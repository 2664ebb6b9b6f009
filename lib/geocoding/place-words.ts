import { fold } from './fold';

/** A point: the geocoders' LatLng, declared again so that this table imports nothing of theirs. */
interface LatLng {
  lat: number;
  lng: number;
}

/**
 * Place words: the Mexican states, cities and municipalities a dispatcher names after the address
 * ("…, Centro, Monterrey, N.L.", "…, Puebla, Pue.", "…, Naucalpan, Edo. Méx.") and the state a zip
 * code belongs to ("72000" is Puebla). They decide where search results may lie. Pure data and
 * pure functions, safe for the browser; the address parser (address-text.ts) reads the phrases to
 * keep them out of the street and the colonia, and hands back the words it dropped as places.
 */

export type RegionId =
  | 'ags'
  | 'bc'
  | 'bcs'
  | 'camp'
  | 'coah'
  | 'col'
  | 'chis'
  | 'chih'
  | 'cdmx'
  | 'dgo'
  | 'gto'
  | 'gro'
  | 'hgo'
  | 'jal'
  | 'mex'
  | 'mich'
  | 'mor'
  | 'nay'
  | 'nl'
  | 'oax'
  | 'pue'
  | 'qro'
  | 'qroo'
  | 'slp'
  | 'sin'
  | 'son'
  | 'tab'
  | 'tamps'
  | 'tlax'
  | 'ver'
  | 'yuc'
  | 'zac';

/** A state (Mexico City counts as one): how a dispatcher names it and its zip codes. */
export interface Region {
  id: RegionId;
  /** As a dispatcher reads it ("Estado de México"). */
  name: string;
  /** INEGI's name, as geocoders and the built-in gazetteer write it ("México"). */
  officialName: string;
  /** Folded phrases that name it: full names and the usual abbreviations ("n l", "pue"). */
  phrases: string[];
  /** First two digits of its zip codes, inclusive ranges. */
  zipPrefixes: Array<readonly [number, number]>;
  /** Its capital: where a provider's results are biased when only the state is named. */
  centre: LatLng;
}

/** A city, municipality or Mexico City alcaldía. */
export interface City {
  /** As a dispatcher reads it ("Monterrey", "Naucalpan"). */
  name: string;
  /** The municipality's or alcaldía's official name ("Naucalpan de Juárez"). */
  municipality: string;
  region: RegionId;
  phrases: string[];
  centre: LatLng;
  /** Also a colonia's name right after the street ("Río Lerma 156, Cuauhtémoc"). */
  alsoColonia?: boolean;
}

const at = (lat: number, lng: number): LatLng => ({ lat, lng });
const region = (
  id: RegionId,
  name: string,
  officialName: string,
  phrases: string[],
  zipPrefixes: Array<readonly [number, number]>,
  centre: LatLng,
): Region => ({ id, name, officialName, phrases, zipPrefixes, centre });

/**
 * Zip codes by state: the first two digits, as SEPOMEX (Servicio Postal Mexicano) assigns them —
 * the table of its "Código Postal" catalogue, also in es.wikipedia.org "Anexo:Códigos postales de
 * México". 00 and 17–19 are unassigned. Abbreviations are INEGI's and the post's usual ones; "Col."
 * (Colima), "Sin." (Sinaloa) and "Son." (Sonora) are left out: "col." is the colonia marker, and the
 * other two read as the Spanish words "sin" and "son".
 */
export const REGIONS: readonly Region[] = [
  region(
    'cdmx',
    'Ciudad de México',
    'Ciudad de México',
    ['cdmx', 'cd mx', 'ciudad de mexico', 'cd de mexico', 'mexico df', 'mexico d f', 'df', 'd f'],
    [[1, 16]],
    at(19.4326, -99.1332),
  ),
  region(
    'mex',
    'Estado de México',
    'México',
    ['estado de mexico', 'edo de mexico', 'edo mex', 'edo mexico', 'edomex', 'mex'],
    [[50, 57]],
    at(19.2826, -99.6557),
  ),
  region('jal', 'Jalisco', 'Jalisco', ['jalisco', 'jal'], [[44, 49]], at(20.6767, -103.3475)),
  region(
    'nl',
    'Nuevo León',
    'Nuevo León',
    ['nuevo leon', 'nl', 'n l'],
    [[64, 67]],
    at(25.6866, -100.3161),
  ),
  region('pue', 'Puebla', 'Puebla', ['puebla', 'pue'], [[72, 75]], at(19.0414, -98.2063)),
  region('mor', 'Morelos', 'Morelos', ['morelos', 'mor'], [[62, 62]], at(18.9186, -99.2342)),
  region('hgo', 'Hidalgo', 'Hidalgo', ['hidalgo', 'hgo'], [[42, 43]], at(20.1011, -98.7591)),
  region(
    'qro',
    'Querétaro',
    'Querétaro',
    ['queretaro', 'queretaro de arteaga', 'qro'],
    [[76, 76]],
    at(20.5888, -100.3899),
  ),
  region('tlax', 'Tlaxcala', 'Tlaxcala', ['tlaxcala', 'tlax'], [[90, 90]], at(19.3182, -98.2375)),
  region(
    'gto',
    'Guanajuato',
    'Guanajuato',
    ['guanajuato', 'gto'],
    [[36, 38]],
    at(21.019, -101.2574),
  ),
  region(
    'mich',
    'Michoacán',
    'Michoacán de Ocampo',
    ['michoacan', 'michoacan de ocampo', 'mich'],
    [[58, 61]],
    at(19.7059, -101.1949),
  ),
  region('gro', 'Guerrero', 'Guerrero', ['guerrero', 'gro'], [[39, 41]], at(17.5515, -99.5006)),
  region(
    'ver',
    'Veracruz',
    'Veracruz de Ignacio de la Llave',
    ['veracruz', 'ver'],
    [[91, 96]],
    at(19.5438, -96.9102),
  ),
  region('oax', 'Oaxaca', 'Oaxaca', ['oaxaca', 'oax'], [[68, 71]], at(17.0732, -96.7266)),
  region(
    'slp',
    'San Luis Potosí',
    'San Luis Potosí',
    ['san luis potosi', 'slp', 's l p'],
    [[78, 79]],
    at(22.1565, -100.9855),
  ),
  region(
    'ags',
    'Aguascalientes',
    'Aguascalientes',
    ['aguascalientes', 'ags'],
    [[20, 20]],
    at(21.8853, -102.2916),
  ),
  region('zac', 'Zacatecas', 'Zacatecas', ['zacatecas', 'zac'], [[98, 99]], at(22.7709, -102.5833)),
  region(
    'coah',
    'Coahuila',
    'Coahuila de Zaragoza',
    ['coahuila', 'coahuila de zaragoza', 'coah'],
    [[25, 27]],
    at(25.4232, -101.0053),
  ),
  region(
    'tamps',
    'Tamaulipas',
    'Tamaulipas',
    ['tamaulipas', 'tamps'],
    [[87, 89]],
    at(23.7369, -99.1411),
  ),
  region(
    'chih',
    'Chihuahua',
    'Chihuahua',
    ['chihuahua', 'chih'],
    [[31, 33]],
    at(28.6353, -106.0889),
  ),
  region('son', 'Sonora', 'Sonora', ['sonora'], [[83, 85]], at(29.0729, -110.9559)),
  region('sin', 'Sinaloa', 'Sinaloa', ['sinaloa'], [[80, 82]], at(24.8091, -107.394)),
  region('dgo', 'Durango', 'Durango', ['durango', 'dgo'], [[34, 35]], at(24.0277, -104.6532)),
  region('nay', 'Nayarit', 'Nayarit', ['nayarit', 'nay'], [[63, 63]], at(21.5042, -104.8946)),
  region('col', 'Colima', 'Colima', ['colima'], [[28, 28]], at(19.2433, -103.725)),
  region(
    'bc',
    'Baja California',
    'Baja California',
    ['baja california', 'bc'],
    [[21, 22]],
    at(32.6245, -115.4523),
  ),
  region(
    'bcs',
    'Baja California Sur',
    'Baja California Sur',
    ['baja california sur', 'bcs'],
    [[23, 23]],
    at(24.1426, -110.3128),
  ),
  region('camp', 'Campeche', 'Campeche', ['campeche', 'camp'], [[24, 24]], at(19.8301, -90.5349)),
  region('tab', 'Tabasco', 'Tabasco', ['tabasco', 'tab'], [[86, 86]], at(17.9892, -92.9475)),
  region('chis', 'Chiapas', 'Chiapas', ['chiapas', 'chis'], [[29, 30]], at(16.7539, -93.1152)),
  region('yuc', 'Yucatán', 'Yucatán', ['yucatan', 'yuc'], [[97, 97]], at(20.9674, -89.5926)),
  region(
    'qroo',
    'Quintana Roo',
    'Quintana Roo',
    ['quintana roo', 'q roo', 'qroo'],
    [[77, 77]],
    at(18.5002, -88.2961),
  ),
];

const city = (
  name: string,
  regionId: RegionId,
  phrases: string[],
  centre: LatLng,
  { municipality = name, alsoColonia = false } = {},
): City => ({
  name,
  municipality,
  region: regionId,
  phrases,
  centre,
  ...(alsoColonia && { alsoColonia }),
});
const alcaldia = (name: string, phrases: string[], centre: LatLng) =>
  city(name, 'cdmx', phrases, centre, { alsoColonia: true });

/**
 * Cities and municipalities of the served zones' states and their neighbours (centres to about a
 * kilometre). Names shared by many places are left out on purpose — "Guadalupe", "Santa Catarina",
 * "San Pedro", "Juárez" are colonias and streets all over the country — and "Puebla", "Querétaro",
 * "Tlaxcala" are their states' names: the state says enough.
 */
export const CITIES: readonly City[] = [
  alcaldia('Álvaro Obregón', ['alvaro obregon'], at(19.3587, -99.2033)),
  alcaldia('Azcapotzalco', ['azcapotzalco'], at(19.4869, -99.1838)),
  alcaldia('Benito Juárez', ['benito juarez'], at(19.3806, -99.1611)),
  alcaldia('Coyoacán', ['coyoacan'], at(19.3467, -99.1617)),
  alcaldia('Cuajimalpa de Morelos', ['cuajimalpa', 'cuajimalpa de morelos'], at(19.3573, -99.2993)),
  alcaldia('Cuauhtémoc', ['cuauhtemoc'], at(19.4326, -99.1522)),
  alcaldia('Gustavo A. Madero', ['gustavo a madero', 'gam'], at(19.4826, -99.1132)),
  alcaldia('Iztacalco', ['iztacalco'], at(19.3953, -99.0978)),
  alcaldia('Iztapalapa', ['iztapalapa'], at(19.3574, -99.0929)),
  alcaldia(
    'La Magdalena Contreras',
    ['magdalena contreras', 'la magdalena contreras'],
    at(19.3321, -99.2119),
  ),
  alcaldia('Miguel Hidalgo', ['miguel hidalgo'], at(19.4327, -99.1943)),
  alcaldia('Milpa Alta', ['milpa alta'], at(19.1925, -99.0233)),
  alcaldia('Tláhuac', ['tlahuac'], at(19.2863, -99.0108)),
  alcaldia('Tlalpan', ['tlalpan'], at(19.2945, -99.1698)),
  alcaldia('Venustiano Carranza', ['venustiano carranza'], at(19.4301, -99.1109)),
  alcaldia('Xochimilco', ['xochimilco'], at(19.2571, -99.1031)),
  city('Naucalpan', 'mex', ['naucalpan', 'naucalpan de juarez'], at(19.4785, -99.2396), {
    municipality: 'Naucalpan de Juárez',
  }),
  city('Tlalnepantla', 'mex', ['tlalnepantla', 'tlalnepantla de baz'], at(19.5405, -99.1951), {
    municipality: 'Tlalnepantla de Baz',
  }),
  city('Ecatepec', 'mex', ['ecatepec', 'ecatepec de morelos'], at(19.6018, -99.0507), {
    municipality: 'Ecatepec de Morelos',
  }),
  city('Nezahualcóyotl', 'mex', ['nezahualcoyotl', 'neza'], at(19.4006, -99.0148)),
  city('Cuautitlán Izcalli', 'mex', ['cuautitlan izcalli'], at(19.6469, -99.2466)),
  city('Atizapán de Zaragoza', 'mex', ['atizapan', 'atizapan de zaragoza'], at(19.5594, -99.2675)),
  city('Huixquilucan', 'mex', ['huixquilucan'], at(19.3614, -99.3508)),
  city('Tecámac', 'mex', ['tecamac'], at(19.7128, -98.9681)),
  city('Texcoco', 'mex', ['texcoco'], at(19.5065, -98.8827)),
  city('Chalco', 'mex', ['chalco'], at(19.2632, -98.8976)),
  city('Toluca', 'mex', ['toluca', 'toluca de lerdo'], at(19.2826, -99.6557), {
    municipality: 'Toluca',
  }),
  city('Metepec', 'mex', ['metepec'], at(19.2513, -99.6047)),
  city('Guadalajara', 'jal', ['guadalajara', 'gdl'], at(20.6767, -103.3475)),
  city('Zapopan', 'jal', ['zapopan'], at(20.7214, -103.3918)),
  city('Tlaquepaque', 'jal', ['tlaquepaque', 'san pedro tlaquepaque'], at(20.6409, -103.2933), {
    municipality: 'San Pedro Tlaquepaque',
  }),
  city('Tonalá', 'jal', ['tonala'], at(20.6244, -103.2342)),
  city('Tlajomulco', 'jal', ['tlajomulco', 'tlajomulco de zuniga'], at(20.4738, -103.4471), {
    municipality: 'Tlajomulco de Zúñiga',
  }),
  city('El Salto', 'jal', ['el salto'], at(20.5194, -103.1792)),
  city('Puerto Vallarta', 'jal', ['puerto vallarta'], at(20.6534, -105.2253)),
  city('Monterrey', 'nl', ['monterrey', 'mty'], at(25.6866, -100.3161)),
  city('San Pedro Garza García', 'nl', ['san pedro garza garcia'], at(25.6573, -100.4022)),
  city('San Nicolás de los Garza', 'nl', ['san nicolas de los garza'], at(25.7417, -100.3022)),
  city('Apodaca', 'nl', ['apodaca'], at(25.7817, -100.1886)),
  city('General Escobedo', 'nl', ['general escobedo', 'escobedo'], at(25.7933, -100.3156)),
  city('San Andrés Cholula', 'pue', ['san andres cholula', 'cholula'], at(19.0514, -98.2986)),
  city('Tehuacán', 'pue', ['tehuacan'], at(18.4617, -97.3928)),
  city('Atlixco', 'pue', ['atlixco'], at(18.9088, -98.4369)),
  city('Cuernavaca', 'mor', ['cuernavaca'], at(18.9186, -99.2342)),
  city('Jiutepec', 'mor', ['jiutepec'], at(18.8816, -99.1776)),
  city('Cuautla', 'mor', ['cuautla'], at(18.8122, -98.9548)),
  city('Pachuca', 'hgo', ['pachuca', 'pachuca de soto'], at(20.1011, -98.7591), {
    municipality: 'Pachuca de Soto',
  }),
  city('Tizayuca', 'hgo', ['tizayuca'], at(19.8417, -98.9813)),
  city('Tulancingo', 'hgo', ['tulancingo', 'tulancingo de bravo'], at(20.0833, -98.3667), {
    municipality: 'Tulancingo de Bravo',
  }),
  city('Santiago de Querétaro', 'qro', ['santiago de queretaro'], at(20.5888, -100.3899), {
    municipality: 'Querétaro',
  }),
  city('León', 'gto', ['leon'], at(21.1221, -101.6845)),
  city('Morelia', 'mich', ['morelia'], at(19.7059, -101.1949)),
  city('Saltillo', 'coah', ['saltillo'], at(25.4232, -101.0053)),
  city('Mérida', 'yuc', ['merida'], at(20.9674, -89.5926)),
  city('Cancún', 'qroo', ['cancun'], at(21.1619, -86.8515)),
  city('Tijuana', 'bc', ['tijuana'], at(32.5149, -117.0382)),
];

/**
 * Single-word state names that are also colonias of the served cities (Col. Morelos, Col. Guerrero,
 * Col. Puebla, Col. Hidalgo in Mexico City): right after the street they are the colonia.
 */
const STATES_ALSO_COLONIAS: ReadonlySet<string> = new Set([
  'morelos',
  'guerrero',
  'puebla',
  'hidalgo',
]);

/**
 * Single-word state names, other than those the parser always dropped, that end many colonias'
 * names ("Vicente Guerrero", "Héroes de Puebla"): never cut from the end of a colonia.
 */
const STATES_ENDING_NAMES: ReadonlySet<string> = new Set(
  REGIONS.map((r) => fold(r.name)).filter((name) => !name.includes(' ') && name !== 'jalisco'),
);

export type PlaceEntry = { kind: 'region'; region: Region } | { kind: 'city'; city: City };

export interface PlacePhrase {
  words: string[];
  entry: PlaceEntry;
  /** May be the colonia right after the street (an alcaldía, "Morelos"). */
  alsoColonia: boolean;
  /** Cut from the end of a colonia's words ("Centro Monterrey" → "Centro"). */
  trailing: boolean;
}

/** Every phrase, longest first: the parser and the reader both try the longest match first. */
export const PLACE_PHRASES: readonly PlacePhrase[] = [
  ...REGIONS.flatMap((r) =>
    r.phrases.map((phrase) => ({
      words: phrase.split(' '),
      entry: { kind: 'region', region: r } as const,
      alsoColonia: STATES_ALSO_COLONIAS.has(phrase),
      trailing: !STATES_ENDING_NAMES.has(phrase),
    })),
  ),
  ...CITIES.flatMap((c) =>
    c.phrases.map((phrase) => ({
      words: phrase.split(' '),
      entry: { kind: 'city', city: c } as const,
      alsoColonia: c.alsoColonia === true,
      trailing: true,
    })),
  ),
].sort((a, b) => b.words.length - a.words.length);

/** The place a search text names: a city (and its state) or a state alone. */
export interface NamedPlace {
  region: Region;
  city?: City;
  /** How the place is called back to the dispatcher ("Monterrey", "Nuevo León", "72000 (Puebla)"). */
  label: string;
  /** Named in words, or only by the zip code's state. */
  source: 'words' | 'zip';
}

const regionById = new Map(REGIONS.map((r) => [r.id, r]));

/** The state a 5-digit zip code belongs to, by its first two digits; undefined when unassigned. */
export function regionOfZip(zipCode: string): Region | undefined {
  if (!/^\d{5}$/.test(zipCode)) return undefined;
  const prefix = Number(zipCode.slice(0, 2));
  return REGIONS.find((r) => r.zipPrefixes.some(([from, to]) => prefix >= from && prefix <= to));
}

/** The place entries named in groups of words, longest phrase first, left to right. */
export function placesIn(groups: readonly string[][]): PlaceEntry[] {
  return groups.flatMap((group) => scan(group).found);
}

/** Whether a text is nothing but place words ("Monterrey", "Zapopan, Jal."). */
export function isOnlyPlaceWords(text: string): boolean {
  const { found, unmatched } = scan(text.split(/[\s,]+/).filter(Boolean));
  return found.length > 0 && unmatched === 0;
}

function scan(words: readonly string[]): { found: PlaceEntry[]; unmatched: number } {
  const keys = words.map((word) => fold(word).replace(/ /g, '')).filter(Boolean);
  const found: PlaceEntry[] = [];
  let unmatched = 0;
  for (let i = 0; i < keys.length;) {
    const phrase = PLACE_PHRASES.find((candidate) =>
      candidate.words.every((word, j) => keys[i + j] === word),
    );
    if (phrase) found.push(phrase.entry);
    else unmatched += 1;
    i += phrase ? phrase.words.length : 1;
  }
  return { found, unmatched };
}

/**
 * The place named by the words the parser set aside as places, and by the zip code. A city names
 * its state too; a city and a state that disagree ("Guadalajara, N.L.") leave the state: a street
 * or colonia named after a city is common, a state written by mistake is not. Without place words,
 * the zip code's state.
 */
export function namedPlace(placeWords: readonly string[][], zipCode: string): NamedPlace | null {
  const entries = placesIn(placeWords);
  const cities = entries.flatMap((entry) => (entry.kind === 'city' ? [entry.city] : []));
  const regions = entries.flatMap((entry) => (entry.kind === 'region' ? [entry.region] : []));
  const [state] = regions;
  const cityHere = cities.find((c) => !state || c.region === state.id);
  if (cityHere)
    return {
      region: regionById.get(cityHere.region)!,
      city: cityHere,
      label: cityHere.name,
      source: 'words',
    };
  if (state) return { region: state, label: state.name, source: 'words' };
  const byZip = regionOfZip(zipCode);
  return byZip ? { region: byZip, label: `${zipCode} (${byZip.name})`, source: 'zip' } : null;
}

/** Whether a state's or a city's name means the place (folded comparison of official names). */
export function isInRegion(region: Region, stateName: string): boolean {
  const folded = fold(stateName);
  return folded === fold(region.officialName) || folded === fold(region.name);
}

/** The state a found address lies in, from its zip code or its municipality's or city's name. */
export function regionOfAddress(address: {
  zipCode: string;
  municipality: string;
  city: string;
}): Region | undefined {
  const byZip = regionOfZip(address.zipCode);
  if (byZip) return byZip;
  for (const name of [address.city, address.municipality]) {
    const folded = fold(name);
    if (!folded) continue;
    const region = REGIONS.find((r) => fold(r.officialName) === folded || fold(r.name) === folded);
    if (region) return region;
    const named = CITIES.find((c) => fold(c.municipality) === folded && !c.alsoColonia);
    if (named) return regionById.get(named.region);
  }
  return undefined;
}
