import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AddressTextParts, parseAddressText as ParseAddressText } from './address-text';

// The word tables, sets and patterns are built when the module loads. Loaded afresh for each test,
// that building counts as the test's own, so mutation testing (stryker.config.mjs, `ignoreStatic`)
// runs these tests against a changed table entry; loaded once for the file, none would be.
let parseAddressText: typeof ParseAddressText;
beforeEach(async () => {
  vi.resetModules();
  ({ parseAddressText } = await import('./address-text'));
});

/** Every field of the answer: those not given are expected empty. */
const parts = (given: Partial<AddressTextParts>): AddressTextParts => ({
  street: '',
  exteriorNumber: '',
  interiorNumber: '',
  neighborhood: '',
  zipCode: '',
  freeText: '',
  ...given,
});

type Case = [name: string, text: string, expected: Partial<AddressTextParts>];

const check = (cases: Case[]) =>
  it.each(cases)('%s: %j', (_, text, expected) => {
    expect(parseAddressText(text)).toEqual(parts(expected));
  });

describe('what dispatchers type most: street and number, then the colonia', () => {
  check([
    [
      'the recorded pickup, with a comma before the colonia',
      'Varsovia 36, Juárez',
      { street: 'Varsovia', exteriorNumber: '36', neighborhood: 'Juárez' },
    ],
    [
      'the recorded drop-off, interior number and colonia without commas',
      'Sonora 180 int 1 Hipódromo',
      { street: 'Sonora', exteriorNumber: '180', interiorNumber: '1', neighborhood: 'Hipódromo' },
    ],
    [
      '"int." with a dot and a comma',
      'Sonora 180 int. 1, Hipódromo',
      { street: 'Sonora', exteriorNumber: '180', interiorNumber: '1', neighborhood: 'Hipódromo' },
    ],
    [
      'colonia and zip code after the street',
      'Varsovia 36, Juárez, 06600',
      { street: 'Varsovia', exteriorNumber: '36', neighborhood: 'Juárez', zipCode: '06600' },
    ],
    [
      'everything without commas, alcaldía and city at the end',
      'Varsovia 36 Juárez Cuauhtémoc CDMX 06600',
      { street: 'Varsovia', exteriorNumber: '36', neighborhood: 'Juárez', zipCode: '06600' },
    ],
    [
      'a full address with floor, colonia, zip and city',
      'Av. Insurgentes Sur 1602 piso 3, Crédito Constructor, 03940 CDMX',
      {
        street: 'Avenida Insurgentes Sur',
        exteriorNumber: '1602',
        interiorNumber: 'Piso 3',
        neighborhood: 'Crédito Constructor',
        zipCode: '03940',
      },
    ],
    [
      'a colonia that is also an alcaldía, right after the street',
      'Río Lerma 156, Cuauhtémoc, CDMX',
      { street: 'Río Lerma', exteriorNumber: '156', neighborhood: 'Cuauhtémoc' },
    ],
    [
      'the colonia written before the street',
      'Hipódromo, Sonora 180',
      { street: 'Sonora', exteriorNumber: '180', neighborhood: 'Hipódromo' },
    ],
    [
      'a street with no colonia yet (still typing)',
      'Varsovia 36',
      { street: 'Varsovia', exteriorNumber: '36' },
    ],
  ]);
});

describe('street types and abbreviations', () => {
  check([
    [
      '"av" in lower case, a cardinal point and the number',
      'av insurgentes sur 1602',
      { street: 'Avenida Insurgentes Sur', exteriorNumber: '1602' },
    ],
    [
      '"Calz." before "de", which stays in lower case',
      'Calz. de Tlalpan 1000 depto 4',
      { street: 'Calzada de Tlalpan', exteriorNumber: '1000', interiorNumber: '4' },
    ],
    [
      '"Priv." without a number',
      'Priv. Hidalgo s/n',
      { street: 'Privada Hidalgo', exteriorNumber: 'S/N' },
    ],
    [
      '"blvd", and "de" inside the colonia in lower case',
      'blvd manuel avila camacho 40, lomas de chapultepec',
      {
        street: 'Boulevard Manuel Avila Camacho',
        exteriorNumber: '40',
        neighborhood: 'Lomas de Chapultepec',
      },
    ],
    [
      '"Prol." as the street type',
      'Prol. División del Norte 4000',
      { street: 'Prolongación División del Norte', exteriorNumber: '4000' },
    ],
    ['a cerrada', 'cda de las flores 7', { street: 'Cerrada de las Flores', exteriorNumber: '7' }],
    [
      'an andador',
      'and. 12 de diciembre 5',
      { street: 'Andador 12 de Diciembre', exteriorNumber: '5' },
    ],
    [
      'a callejón',
      'cjon del aguacate 3, coyoacán',
      { street: 'Callejón del Aguacate', exteriorNumber: '3', neighborhood: 'Coyoacán' },
    ],
    [
      '"Eje" keeps its number and cardinal point',
      'Eje 3 Sur 123',
      { street: 'Eje 3 Sur', exteriorNumber: '123' },
    ],
    [
      '"nte", "ote" and "pte" spelled out',
      'calle 4 ote 150, col. agrícola pte',
      { street: 'Calle 4 Oriente', exteriorNumber: '150', neighborhood: 'Agrícola Poniente' },
    ],
    [
      'a leading "calle" before a name is dropped',
      'calle sonora 180, hipódromo',
      { street: 'Sonora', exteriorNumber: '180', neighborhood: 'Hipódromo' },
    ],
    [
      'a numbered street keeps its number, the house number comes after "No."',
      'calle 10 no. 25, col. san pedro de los pinos',
      { street: 'Calle 10', exteriorNumber: '25', neighborhood: 'San Pedro de los Pinos' },
    ],
    [
      'a numbered street of the Industrial Vallejo kind',
      'Norte 45 No. 870, Industrial Vallejo',
      { street: 'Norte 45', exteriorNumber: '870', neighborhood: 'Industrial Vallejo' },
    ],
    [
      'a date in a street name is not a house number',
      'Av. 5 de Mayo 32, Centro',
      { street: 'Avenida 5 de Mayo', exteriorNumber: '32', neighborhood: 'Centro' },
    ],
    [
      '"Gral." and "Dr." spelled out',
      'gral. prim 12, juárez',
      { street: 'General Prim', exteriorNumber: '12', neighborhood: 'Juárez' },
    ],
  ]);
});

describe('exterior numbers as Mexicans write them', () => {
  check([
    ['"#" before the number', 'Sonora #180', { street: 'Sonora', exteriorNumber: '180' }],
    ['"No." glued to the number', 'Varsovia No.36', { street: 'Varsovia', exteriorNumber: '36' }],
    [
      '"núm." before the number',
      'Londres núm. 247, Del Carmen',
      { street: 'Londres', exteriorNumber: '247', neighborhood: 'Del Carmen' },
    ],
    [
      'a letter after a hyphen',
      'Sonora 180-B, Hipódromo',
      { street: 'Sonora', exteriorNumber: '180-B', neighborhood: 'Hipódromo' },
    ],
    [
      'a letter after a space',
      'Varsovia 36 B, Juárez',
      { street: 'Varsovia', exteriorNumber: '36-B', neighborhood: 'Juárez' },
    ],
    ['a letter glued on', 'Havre 30a', { street: 'Havre', exteriorNumber: '30A' }],
    [
      '"sin número" in words',
      'Hidalgo sin número, Tlalpan Centro',
      { street: 'Hidalgo', exteriorNumber: 'S/N', neighborhood: 'Tlalpan Centro' },
    ],
    ['"sn" at the end', 'Hidalgo sn', { street: 'Hidalgo', exteriorNumber: 'S/N' }],
    [
      'manzana and lote instead of a number',
      'Mz 5 Lt 3 Col. Ejército de Oriente',
      { exteriorNumber: 'Mz 5 Lt 3', neighborhood: 'Ejército de Oriente' },
    ],
    [
      'manzana and lote after the street, spelled out',
      'Cerrada Olivos manzana 12 lote 4, Ampliación Granada',
      {
        street: 'Cerrada Olivos',
        exteriorNumber: 'Mz 12 Lt 4',
        neighborhood: 'Ampliación Granada',
      },
    ],
    [
      'a kilometre on a highway',
      'Carretera México-Toluca km 14.5',
      { street: 'Carretera México-Toluca', exteriorNumber: 'Km 14.5' },
    ],
  ]);
});

describe('interior numbers', () => {
  check([
    [
      '"depto" gives the bare value',
      'Génova 33 depto 402, Juárez',
      { street: 'Génova', exteriorNumber: '33', interiorNumber: '402', neighborhood: 'Juárez' },
    ],
    [
      '"dpto." with a letter',
      'Havre 30 dpto. 4b',
      { street: 'Havre', exteriorNumber: '30', interiorNumber: '4B' },
    ],
    [
      '"interior" spelled out',
      'Colima 220 interior 5, Roma Norte',
      { street: 'Colima', exteriorNumber: '220', interiorNumber: '5', neighborhood: 'Roma Norte' },
    ],
    [
      'a shop keeps its word',
      'Orizaba 101 local 3, Roma Norte',
      {
        street: 'Orizaba',
        exteriorNumber: '101',
        interiorNumber: 'Local 3',
        neighborhood: 'Roma Norte',
      },
    ],
    [
      'an office suite keeps its word',
      'Paseo de la Reforma 222 despacho 1203',
      {
        street: 'Paseo de la Reforma',
        exteriorNumber: '222',
        interiorNumber: 'Despacho 1203',
      },
    ],
    [
      'building and flat together',
      'Edif. B depto 301, Nonoalco Tlatelolco',
      { interiorNumber: 'Edificio B Depto 301', freeText: 'Nonoalco Tlatelolco' },
    ],
    [
      'a bare second number right after the house number',
      'Sonora 180 1 Hipódromo',
      { street: 'Sonora', exteriorNumber: '180', interiorNumber: '1', neighborhood: 'Hipódromo' },
    ],
    [
      '"int" still without its number is left out',
      'Sonora 180 int',
      { street: 'Sonora', exteriorNumber: '180' },
    ],
  ]);
});

describe('colonias', () => {
  check([
    ['"col." with a colonia in lower case', 'col. del valle', { neighborhood: 'Del Valle' }],
    [
      '"Col." after the number, the alcaldía dropped',
      'Londres 247 Col. Del Carmen Coyoacán',
      { street: 'Londres', exteriorNumber: '247', neighborhood: 'Del Carmen' },
    ],
    [
      '"fracc." is dropped',
      'Av. Patria 1201, fracc. Jardines del Bosque, Guadalajara, Jal.',
      { street: 'Avenida Patria', exteriorNumber: '1201', neighborhood: 'Jardines del Bosque' },
    ],
    [
      '"U.H." is spelled out',
      'u.h. vicente guerrero',
      { neighborhood: 'Unidad Habitacional Vicente Guerrero' },
    ],
    ['"barrio" stays in the name', 'barrio san lucas', { neighborhood: 'Barrio San Lucas' }],
    [
      'a section number in a colonia',
      'Oriente 172 No. 250, Moctezuma 2a Sección',
      { street: 'Oriente 172', exteriorNumber: '250', neighborhood: 'Moctezuma 2a Sección' },
    ],
    [
      'a number that is part of the colonia',
      'Calle 5 No. 12, Escuadrón 201',
      { street: 'Calle 5', exteriorNumber: '12', neighborhood: 'Escuadrón 201' },
    ],
    [
      'a street without a number, and a marked colonia',
      'Insurgentes Sur, col. del valle',
      { street: 'Insurgentes Sur', neighborhood: 'Del Valle' },
    ],
    [
      '"Villa" keeps its alcaldía: Villa Coyoacán is the colonia',
      'Francisco Sosa 383, Villa Coyoacán',
      { street: 'Francisco Sosa', exteriorNumber: '383', neighborhood: 'Villa Coyoacán' },
    ],
    [
      '"Alc." and what follows are dropped',
      'Varsovia 36, Juárez, Alc. Cuauhtémoc',
      { street: 'Varsovia', exteriorNumber: '36', neighborhood: 'Juárez' },
    ],
  ]);
});

describe('zip codes', () => {
  check([
    ['a zip code alone', '06600', { zipCode: '06600' }],
    ['"C.P." before the zip code', 'C.P. 06100', { zipCode: '06100' }],
    ['"cp" and a zip code missing its leading zero', 'cp 6600', { zipCode: '06600' }],
    ['"C.P." glued to the zip code', 'Juárez C.P.06600', { freeText: 'Juárez', zipCode: '06600' }],
    ['a colonia and its zip code', 'Juárez 06600', { freeText: 'Juárez', zipCode: '06600' }],
    ['the start of a zip code being typed', '066', { freeText: '066' }],
  ]);
});

describe('words that could be a street or a colonia', () => {
  check([
    ['an abbreviated colonia in lower case', 'roma nte', { freeText: 'Roma Norte' }],
    ['one word', 'Insurgentes', { freeText: 'Insurgentes' }],
    ['a Roman section number', 'polanco v seccion', { freeText: 'Polanco V Sección' }],
    ['"secc" spelled out', 'moctezuma 2a secc', { freeText: 'Moctezuma 2a Sección' }],
    ['the city at the end is dropped', 'roma norte, cdmx', { freeText: 'Roma Norte' }],
    ['the alcaldía after a comma is dropped', 'Del Carmen, Coyoacán', { freeText: 'Del Carmen' }],
    ['an alcaldía alone is kept', 'Coyoacán', { freeText: 'Coyoacán' }],
    [
      'two phrases separated by a comma: street, then colonia',
      'insurgentes sur, del valle centro',
      { street: 'Insurgentes Sur', neighborhood: 'Del Valle Centro' },
    ],
  ]);
});

describe('text typed in a hurry', () => {
  check([
    [
      'all in capitals',
      'VARSOVIA 36, JUAREZ, CP 06600',
      { street: 'Varsovia', exteriorNumber: '36', neighborhood: 'Juarez', zipCode: '06600' },
    ],
    [
      'extra spaces and a trailing comma',
      '  Sonora   180 ,  Hipódromo , ',
      { street: 'Sonora', exteriorNumber: '180', neighborhood: 'Hipódromo' },
    ],
    ['only punctuation', '  ¿?  ', {}],
    [
      'a Guadalajara address with the state abbreviated',
      'Av. Chapultepec 15, Americana, 44160 Guadalajara, Jal.',
      {
        street: 'Avenida Chapultepec',
        exteriorNumber: '15',
        neighborhood: 'Americana',
        zipCode: '44160',
      },
    ],
  ]);
});

describe('every street type a dispatcher abbreviates', () => {
  // Typed in capitals, a full word is still written the usual way ("AVENIDA" → "Avenida").
  const streetTypes: [typed: string, spelled: string][] = [
    ['Av.', 'Avenida'],
    ['Ave.', 'Avenida'],
    ['Avda.', 'Avenida'],
    ['AVENIDA', 'Avenida'],
    ['Calz.', 'Calzada'],
    ['Cz.', 'Calzada'],
    ['CALZADA', 'Calzada'],
    ['Blvd.', 'Boulevard'],
    ['Blv.', 'Boulevard'],
    ['Blvr.', 'Boulevard'],
    ['Bvd.', 'Boulevard'],
    ['bulevar', 'Boulevard'],
    ['BOULEVARD', 'Boulevard'],
    ['Priv.', 'Privada'],
    ['Pvda.', 'Privada'],
    ['PRIVADA', 'Privada'],
    ['Prol.', 'Prolongación'],
    ['prolongacion', 'Prolongación'],
    ['Cda.', 'Cerrada'],
    ['Cerr.', 'Cerrada'],
    ['CERRADA', 'Cerrada'],
    ['And.', 'Andador'],
    ['ANDADOR', 'Andador'],
    ['Cjon.', 'Callejón'],
    ['Cjn.', 'Callejón'],
    ['callejon', 'Callejón'],
    ['EJE', 'Eje'],
    ['Carr.', 'Carretera'],
    ['CARRETERA', 'Carretera'],
    ['Circ.', 'Circuito'],
    ['Cto.', 'Circuito'],
    ['CIRCUITO', 'Circuito'],
    ['Ret.', 'Retorno'],
    ['RETORNO', 'Retorno'],
    ['Pje.', 'Pasaje'],
    ['PASAJE', 'Pasaje'],
    ['Perif.', 'Periférico'],
    ['periferico', 'Periférico'],
    ['Viad.', 'Viaducto'],
    ['VIADUCTO', 'Viaducto'],
    ['Pso.', 'Paseo'],
    ['PASEO', 'Paseo'],
    ['Diag.', 'Diagonal'],
    ['DIAGONAL', 'Diagonal'],
  ];
  check(
    streetTypes.map(([typed, spelled]): Case => [
      `"${typed}" is ${spelled}`,
      `${typed} Juárez 10, Centro`,
      { street: `${spelled} Juárez`, exteriorNumber: '10', neighborhood: 'Centro' },
    ]),
  );
  check([
    [
      'a street type makes a street even without a number',
      'Av. Juárez, Centro',
      { street: 'Avenida Juárez', neighborhood: 'Centro' },
    ],
    [
      '"CALLE" in capitals before a name is dropped too',
      'CALLE Sonora 180, Hipódromo',
      { street: 'Sonora', exteriorNumber: '180', neighborhood: 'Hipódromo' },
    ],
  ]);
});

describe('abbreviations inside names', () => {
  check([
    [
      '"Dr." is Doctor',
      'Dr. Vértiz 10, Narvarte',
      { street: 'Doctor Vértiz', exteriorNumber: '10', neighborhood: 'Narvarte' },
    ],
    [
      '"Lic." is Licenciado',
      'Lic. Verdad 3, Centro',
      { street: 'Licenciado Verdad', exteriorNumber: '3', neighborhood: 'Centro' },
    ],
    [
      '"Ing." is Ingeniero',
      'Av. Ing. Eduardo Molina 100',
      { street: 'Avenida Ingeniero Eduardo Molina', exteriorNumber: '100' },
    ],
    [
      '"Prof." is Profesor',
      'Prof. Aurora Reza 15, Los Reyes',
      { street: 'Profesor Aurora Reza', exteriorNumber: '15', neighborhood: 'Los Reyes' },
    ],
    [
      '"Mtro." is Maestro',
      'Mtro. Justo Sierra 5, Centro',
      { street: 'Maestro Justo Sierra', exteriorNumber: '5', neighborhood: 'Centro' },
    ],
    [
      '"Pdte." is Presidente',
      'Pdte. Masaryk 111, Polanco',
      { street: 'Presidente Masaryk', exteriorNumber: '111', neighborhood: 'Polanco' },
    ],
    [
      '"Sta." is Santa',
      'Sabino 20, Sta. María la Ribera',
      { street: 'Sabino', exteriorNumber: '20', neighborhood: 'Santa María la Ribera' },
    ],
    [
      '"Sto." is Santo',
      'Papalotl 8, Sto. Domingo',
      { street: 'Papalotl', exteriorNumber: '8', neighborhood: 'Santo Domingo' },
    ],
    [
      '"Fco." is Francisco',
      'Fco. Sosa 383, Villa Coyoacán',
      { street: 'Francisco Sosa', exteriorNumber: '383', neighborhood: 'Villa Coyoacán' },
    ],
    [
      '"Gpe." is Guadalupe',
      'Calz. de Gpe. 100',
      { street: 'Calzada de Guadalupe', exteriorNumber: '100' },
    ],
    [
      '"Cd." is Ciudad',
      'Circuito Novelistas 20, Cd. Satélite',
      { street: 'Circuito Novelistas', exteriorNumber: '20', neighborhood: 'Ciudad Satélite' },
    ],
    [
      '"Pte." at the start before "de" is Puente',
      'Pte. de Vigas 10, Tlalnepantla',
      { street: 'Puente de Vigas', exteriorNumber: '10' },
    ],
    [
      '"Pte." before "de" after the street type is Puente too',
      'Av. Pte. de Alvarado 100',
      { street: 'Avenida Puente de Alvarado', exteriorNumber: '100' },
    ],
  ]);
});

describe('numbered streets named after a cardinal point', () => {
  check(
    (
      [
        ['Sur 75', 'Sur 75'],
        ['Poniente 128', 'Poniente 128'],
        ['Nte. 45', 'Norte 45'],
        ['Ote. 172', 'Oriente 172'],
        ['Pte. 128', 'Poniente 128'],
      ] as const
    ).map(([typed, street]): Case => [
      `"${typed}" keeps its number, the house number comes after "No."`,
      `${typed} No. 10, Agrícola Oriental`,
      { street, exteriorNumber: '10', neighborhood: 'Agrícola Oriental' },
    ]),
  );
});

describe('every way of marking the house number', () => {
  check(
    ['No.', 'no', 'núm.', 'Num', 'número', 'Nro.', 'N.', 'N°', 'Nº', '#'].map((typed): Case => [
      `"${typed}" before the number`,
      `Londres ${typed} 247, Juárez`,
      { street: 'Londres', exteriorNumber: '247', neighborhood: 'Juárez' },
    ]),
  );
  check(
    ['núm.', 'número', 'nro'].map((typed): Case => [
      `"${typed}" still without its number is left out`,
      `Londres ${typed}`,
      { freeText: 'Londres' },
    ]),
  );
  check(
    ['sin num', 'sin no.', 'sin nro', 's/n', 'S.N.', 's.núm.'].map((typed): Case => [
      `"${typed}" is S/N`,
      `Hidalgo ${typed}, Centro`,
      { street: 'Hidalgo', exteriorNumber: 'S/N', neighborhood: 'Centro' },
    ]),
  );
  check([
    [
      '"sn" before a zip code',
      'Hidalgo sn 14000',
      { street: 'Hidalgo', exteriorNumber: 'S/N', zipCode: '14000' },
    ],
    [
      '"sn" before "cp"',
      'Hidalgo sn cp 14000',
      { street: 'Hidalgo', exteriorNumber: 'S/N', zipCode: '14000' },
    ],
    [
      '"sn" before a colonia marker',
      'Hidalgo sn col. Centro',
      { street: 'Hidalgo', exteriorNumber: 'S/N', neighborhood: 'Centro' },
    ],
    [
      '"sn" before an alcaldía marker',
      'Hidalgo sn Alc. Tlalpan',
      { street: 'Hidalgo', exteriorNumber: 'S/N' },
    ],
    [
      '"Mza." and "Lte." abbreviated',
      'Mza. 5 Lte. 3, Col. Ejército de Oriente',
      { exteriorNumber: 'Mz 5 Lt 3', neighborhood: 'Ejército de Oriente' },
    ],
    [
      '"kilómetro" spelled out',
      'Carretera Picacho-Ajusco kilómetro 5.5',
      { street: 'Carretera Picacho-Ajusco', exteriorNumber: 'Km 5.5' },
    ],
  ]);
});

describe('markers glued to their number', () => {
  check([
    ['"núm."', 'Londres núm.247', { street: 'Londres', exteriorNumber: '247' }],
    ['"#"', 'Londres #247', { street: 'Londres', exteriorNumber: '247' }],
    [
      '"int."',
      'Sonora 180 int.4',
      { street: 'Sonora', exteriorNumber: '180', interiorNumber: '4' },
    ],
    [
      '"depto"',
      'Sonora 180 depto402',
      { street: 'Sonora', exteriorNumber: '180', interiorNumber: '402' },
    ],
    [
      '"dpto."',
      'Sonora 180 dpto.4',
      { street: 'Sonora', exteriorNumber: '180', interiorNumber: '4' },
    ],
    [
      '"dep."',
      'Sonora 180 dep.4',
      { street: 'Sonora', exteriorNumber: '180', interiorNumber: '4' },
    ],
    [
      '"loc."',
      'Sonora 180 loc.3',
      { street: 'Sonora', exteriorNumber: '180', interiorNumber: 'Local 3' },
    ],
    [
      '"desp."',
      'Sonora 180 desp.12',
      { street: 'Sonora', exteriorNumber: '180', interiorNumber: 'Despacho 12' },
    ],
    [
      '"of."',
      'Sonora 180 of.3',
      { street: 'Sonora', exteriorNumber: '180', interiorNumber: 'Oficina 3' },
    ],
    [
      '"Mz" and "Lt"',
      'Mz5 Lt3, Col. Ejército de Oriente',
      { exteriorNumber: 'Mz 5 Lt 3', neighborhood: 'Ejército de Oriente' },
    ],
    [
      '"Mza." and "Lte."',
      'Mza.5 Lte.3, Col. Ejército de Oriente',
      { exteriorNumber: 'Mz 5 Lt 3', neighborhood: 'Ejército de Oriente' },
    ],
    [
      '"km"',
      'Carretera México-Toluca km14.5',
      { street: 'Carretera México-Toluca', exteriorNumber: 'Km 14.5' },
    ],
    ['"cp"', 'Juárez cp06600', { freeText: 'Juárez', zipCode: '06600' }],
  ]);
});

describe('every interior marker', () => {
  // Alone, these give the bare value ("int 1" → "1"); after another part, their label shows.
  check(
    (
      [
        ['int', 'Int'],
        ['Int.', 'Int'],
        ['interior', 'Int'],
        ['depto', 'Depto'],
        ['Dpto.', 'Depto'],
        ['dep.', 'Depto'],
        ['departamento', 'Depto'],
      ] as const
    ).map(([typed, label]): Case => [
      `"${typed}" after a tower is ${label}`,
      `Orizaba 101 torre B ${typed} 301, Roma Norte`,
      {
        street: 'Orizaba',
        exteriorNumber: '101',
        interiorNumber: `Torre B ${label} 301`,
        neighborhood: 'Roma Norte',
      },
    ]),
  );
  check(
    (
      [
        ['local', 'Local'],
        ['Loc.', 'Local'],
        ['despacho', 'Despacho'],
        ['Desp.', 'Despacho'],
        ['piso', 'Piso'],
        ['oficina', 'Oficina'],
        ['Of.', 'Oficina'],
        ['Ofna.', 'Oficina'],
        ['Ofic.', 'Oficina'],
        ['edificio', 'Edificio'],
        ['Edif.', 'Edificio'],
        ['torre', 'Torre'],
        ['casa', 'Casa'],
      ] as const
    ).map(([typed, label]): Case => [
      `"${typed}" keeps its word, ${label}`,
      `Orizaba 101 ${typed} 3, Roma Norte`,
      {
        street: 'Orizaba',
        exteriorNumber: '101',
        interiorNumber: `${label} 3`,
        neighborhood: 'Roma Norte',
      },
    ]),
  );
  check([
    [
      'a bare second number, then a floor',
      'Sonora 180 1 piso 2, Hipódromo',
      {
        street: 'Sonora',
        exteriorNumber: '180',
        interiorNumber: 'Int 1 Piso 2',
        neighborhood: 'Hipódromo',
      },
    ],
    [
      'a second "No." is the interior number',
      'Sonora No. 180 No. 1 piso 2, Hipódromo',
      {
        street: 'Sonora',
        exteriorNumber: '180',
        interiorNumber: 'Int 1 Piso 2',
        neighborhood: 'Hipódromo',
      },
    ],
    [
      'interior values with letters, hyphens and "PB"',
      'Sonora 180 int B-12',
      { street: 'Sonora', exteriorNumber: '180', interiorNumber: 'B-12' },
    ],
    [
      'the ground floor',
      'Sonora 180 local pb',
      { street: 'Sonora', exteriorNumber: '180', interiorNumber: 'Local PB' },
    ],
    [
      'a flat by its letter',
      'Sonora 180 depto a',
      { street: 'Sonora', exteriorNumber: '180', interiorNumber: 'A' },
    ],
  ]);
});

describe('every colonia marker', () => {
  check(
    (
      [
        ['colonia', 'Aragón'],
        ['Col.', 'Aragón'],
        ['Fracc.', 'Aragón'],
        ['Frac.', 'Aragón'],
        ['fraccionamiento', 'Aragón'],
        ['Bo.', 'Barrio Aragón'],
        ['barrio', 'Barrio Aragón'],
        ['U.H.', 'Unidad Habitacional Aragón'],
        ['U. H.', 'Unidad Habitacional Aragón'],
        ['unidad habitacional', 'Unidad Habitacional Aragón'],
        ['Ampl.', 'Ampliación Aragón'],
        ['ampliación', 'Ampliación Aragón'],
      ] as const
    ).map(([typed, neighborhood]): Case => [
      `"${typed}" before the colonia`,
      `Hidalgo 10 ${typed} Aragón`,
      { street: 'Hidalgo', exteriorNumber: '10', neighborhood },
    ]),
  );
});

describe('the alcaldía, municipality or state after its marker is dropped', () => {
  check(
    [
      'alcaldía Tlalpan',
      'Alc. Tlalpan',
      'delegación Tlalpan',
      'Deleg. Tlalpan',
      'Del. Tlalpan',
      'mpio. Zumpango',
      'municipio Zumpango',
      'Mun. Zumpango',
      'Edo. Hidalgo',
    ].map((typed): Case => [
      `"${typed}"`,
      `Morelos 10 Centro ${typed}`,
      { street: 'Morelos', exteriorNumber: '10', neighborhood: 'Centro' },
    ]),
  );
});

describe('every city, state and alcaldía dropped after a colonia', () => {
  check(
    [
      'CDMX',
      'Cd. Mx.',
      'Ciudad de México',
      'Cd. de México',
      'México D.F.',
      'México D. F.',
      'DF',
      'D. F.',
      'Estado de México',
      'Edomex',
      'Jal.',
      'Jalisco',
      'Nuevo León',
      'N.L.',
      'Guadalajara',
      'Gdl',
      'Zapopan',
      'Tlaquepaque',
      'San Pedro Tlaquepaque',
      'Tonalá',
      'Monterrey',
      'Mty',
      'Naucalpan',
      'Naucalpan de Juárez',
      'Ecatepec',
      'Ecatepec de Morelos',
      'Nezahualcóyotl',
      'Neza',
      'Tlalnepantla',
      'Tlalnepantla de Baz',
      'Cuautitlán Izcalli',
      'Álvaro Obregón',
      'Azcapotzalco',
      'Benito Juárez',
      'Coyoacán',
      'Cuajimalpa',
      'Cuajimalpa de Morelos',
      'Cuauhtémoc',
      'Gustavo A. Madero',
      'GAM',
      'Iztacalco',
      'Iztapalapa',
      'Magdalena Contreras',
      'La Magdalena Contreras',
      'Miguel Hidalgo',
      'Milpa Alta',
      'Tláhuac',
      'Tlalpan',
      'Venustiano Carranza',
      'Xochimilco',
    ].map((place): Case => [
      `"${place}"`,
      `Morelos 10 Centro ${place}`,
      { street: 'Morelos', exteriorNumber: '10', neighborhood: 'Centro' },
    ]),
  );
});

describe('a word that cannot be a colonia alone keeps the place after it', () => {
  check(
    [
      'San',
      'Santa',
      'Santo',
      'Barrio',
      'Pueblo',
      'Ampliación',
      'Unidad',
      'Ex',
      'Nueva',
      'Nuevo',
      'Ciudad',
    ].map((word): Case => [
      `"${word}"`,
      `Morelos 10, ${word} Tlalpan`,
      { street: 'Morelos', exteriorNumber: '10', neighborhood: `${word} Tlalpan` },
    ]),
  );
  check([
    [
      'a city after "Ciudad"',
      'Morelos 10, Ciudad Nezahualcóyotl',
      { street: 'Morelos', exteriorNumber: '10', neighborhood: 'Ciudad Nezahualcóyotl' },
    ],
  ]);
});

describe('Roman section numbers', () => {
  check(
    ['ii', 'iii', 'iv', 'vi', 'vii', 'viii', 'ix'].map((numeral): Case => [
      `"${numeral}" before "secc"`,
      `polanco ${numeral} secc`,
      { freeText: `Polanco ${numeral.toUpperCase()} Sección` },
    ]),
  );
});

describe('the rules between the words', () => {
  check([
    [
      'a word typed in capitals among lower case keeps them',
      'Av. IPN 2508, Zacatenco',
      { street: 'Avenida IPN', exteriorNumber: '2508', neighborhood: 'Zacatenco' },
    ],
    ['four digits alone, with spaces around', ' 0660 ', { freeText: '0660' }],
    ['one digit alone', '6', { freeText: '6' }],
    [
      'a semicolon separates like a comma',
      'Varsovia 36; Juárez',
      { street: 'Varsovia', exteriorNumber: '36', neighborhood: 'Juárez' },
    ],
    [
      'so does a new line',
      'Varsovia 36\nJuárez',
      { street: 'Varsovia', exteriorNumber: '36', neighborhood: 'Juárez' },
    ],
    [
      'a zip code right after the number, then the colonia',
      'Varsovia 36 06600 Juárez',
      { street: 'Varsovia', exteriorNumber: '36', neighborhood: 'Juárez', zipCode: '06600' },
    ],
    [
      "words after the colonia's zip code are dropped",
      'Varsovia 36 Juárez 06600 Centro',
      { street: 'Varsovia', exteriorNumber: '36', neighborhood: 'Juárez', zipCode: '06600' },
    ],
    ['"C. P." with a space', 'C. P. 06100', { zipCode: '06100' }],
    ['"código postal" spelled out', 'código postal 06100', { zipCode: '06100' }],
    ['"cp" still without its number is left out', 'Juárez cp', { freeText: 'Juárez' }],
    ['"C. P." still without its number is left out', 'Juárez C. P.', { freeText: 'Juárez' }],
    [
      'an interior number right after the street makes it a street',
      'Sonora int 4 Hipódromo',
      { street: 'Sonora', interiorNumber: '4', neighborhood: 'Hipódromo' },
    ],
    ['a manzana with a letter', 'Mz 12A Lt 3', { exteriorNumber: 'Mz 12A Lt 3' }],
    [
      'a hyphenated name typed in lower case',
      'carretera méxico-toluca km 14',
      { street: 'Carretera México-Toluca', exteriorNumber: 'Km 14' },
    ],
    [
      '"bis" after the number',
      'Varsovia 36 bis, Juárez',
      { street: 'Varsovia', exteriorNumber: '36 Bis', neighborhood: 'Juárez' },
    ],
    [
      'a two-digit section number is part of the colonia',
      'Lomas de Sotelo 12a Sección',
      { freeText: 'Lomas de Sotelo 12a Sección' },
    ],
  ]);
});

describe('numbers and words at the edges of the rules', () => {
  check([
    [
      'a street named by a letter: a lone "N" is not "No."',
      'Calle N 15, Educación',
      { street: 'N', exteriorNumber: '15', neighborhood: 'Educación' },
    ],
    ['"#" still without its number is left out', 'Londres #', { freeText: 'Londres' }],
    ['a lone "calle" is the street being typed', 'calle', { street: 'Calle' }],
    [
      'a colonia named with an interior word, "Casa Blanca"',
      'Sonora 180, Casa Blanca',
      { street: 'Sonora', exteriorNumber: '180', neighborhood: 'Casa Blanca' },
    ],
    [
      'a number with digits after its hyphen',
      'Varsovia 36-12, Juárez',
      { street: 'Varsovia', exteriorNumber: '36-12', neighborhood: 'Juárez' },
    ],
    [
      'an interior letter glued to its number',
      'Sonora 180 int B12',
      { street: 'Sonora', exteriorNumber: '180', interiorNumber: 'B12' },
    ],
    [
      'an interior number with a hyphenated letter',
      'Sonora 180 int 12-A',
      { street: 'Sonora', exteriorNumber: '180', interiorNumber: '12-A' },
    ],
    [
      'a date with "de" in a street name',
      'Av. 20 de Noviembre 10',
      { street: 'Avenida 20 de Noviembre', exteriorNumber: '10' },
    ],
  ]);

  it('"y" after the number starts a cross street, it is not the number\'s letter', () => {
    expect(parseAddressText('Juárez 10 y Balderas').exteriorNumber).toBe('10');
  });

  it('a number before a "de" still being typed is the house number', () => {
    expect(parseAddressText('Londres 247 de').exteriorNumber).toBe('247');
  });
});

// Each case below is one that a changed rule got wrong while every test above still passed
// (mutation testing, `npm run test:mutation`): what the rule must do, and what it must leave alone.
describe('letters and words that look like a marker', () => {
  check([
    // "C", "H", "P" and "U" are the letters of "C. P." and "U. H.": a street named by one keeps it.
    ...['C', 'H', 'P', 'U'].map((letter): Case => [
      `a street named "${letter}"`,
      `Calle ${letter} 15, Educación`,
      { street: letter, exteriorNumber: '15', neighborhood: 'Educación' },
    ]),
    [
      'the colonia Postal: "postal" without "código"',
      'Av. Cuauhtémoc 1300, Col. Postal',
      { street: 'Avenida Cuauhtémoc', exteriorNumber: '1300', neighborhood: 'Postal' },
    ],
    [
      '"código" without "postal" is not a zip marker',
      'Varsovia 36, Juárez, código 06600',
      { street: 'Varsovia', exteriorNumber: '36', neighborhood: 'Juárez', zipCode: '06600' },
    ],
    [
      '"Conjunto Habitacional" is not "Unidad Habitacional"',
      'Av. Loreto 100, Conjunto Habitacional Loreto',
      {
        street: 'Avenida Loreto',
        exteriorNumber: '100',
        neighborhood: 'Conjunto Habitacional Loreto',
      },
    ],
    [
      '"unidad habitacional" alone marks the colonia',
      'Unidad Habitacional Aragón',
      { neighborhood: 'Unidad Habitacional Aragón' },
    ],
    [
      '"U. H." alone marks the colonia',
      'U. H. Aragón',
      { neighborhood: 'Unidad Habitacional Aragón' },
    ],
    [
      '"Sn" before a name abbreviates San, it is not "sin número"',
      'Av. Revolución 1500, Sn Ángel',
      { street: 'Avenida Revolución', exteriorNumber: '1500', neighborhood: 'Sn Ángel' },
    ],
    [
      '"C. P." still without its number drops only itself',
      'Varsovia 36 C. P. Juárez',
      { street: 'Varsovia', exteriorNumber: '36', neighborhood: 'Juárez' },
    ],
    [
      'quotes and brackets pasted around a word are dropped',
      'Varsovia 36 ("Juárez")',
      { street: 'Varsovia', exteriorNumber: '36', neighborhood: 'Juárez' },
    ],
    [
      '"Sección" spelled out after a Roman number',
      'polanco ii sección',
      { freeText: 'Polanco II Sección' },
    ],
    [
      'a colonia whose name starts with "Calle" keeps it',
      'Varsovia 36, Calle Real',
      { street: 'Varsovia', exteriorNumber: '36', neighborhood: 'Calle Real' },
    ],
  ]);

  it.each(['Juárez, CP 066000', 'Varsovia 36, Juárez 066000'])(
    'a zip code with a digit too many is not taken: %j',
    (text) => {
      expect(parseAddressText(text).zipCode).toBe('');
    },
  );
});

describe('numbers a rule must read, and those it must leave in a name', () => {
  check([
    [
      'a "#" number in a segment of its own is the interior number',
      'Av. Álvaro Obregón 121, #302, Roma Nte.',
      {
        street: 'Avenida Álvaro Obregón',
        exteriorNumber: '121',
        interiorNumber: '302',
        neighborhood: 'Roma Norte',
      },
    ],
    [
      'a "#" between "Local" and its number',
      'Sonora 180 Local #4',
      { street: 'Sonora', exteriorNumber: '180', interiorNumber: 'Local 4' },
    ],
    [
      'a "#" between "Piso" and its number',
      'Sonora 180 Piso #3, Hipódromo',
      {
        street: 'Sonora',
        exteriorNumber: '180',
        interiorNumber: 'Piso 3',
        neighborhood: 'Hipódromo',
      },
    ],
    [
      'a "#" between "Depto." and its number',
      'Sonora 180 Depto. #302',
      { street: 'Sonora', exteriorNumber: '180', interiorNumber: '302' },
    ],
    [
      'a bare interior number with a letter is written in capitals',
      'Sonora 180 4b, Hipódromo',
      { street: 'Sonora', exteriorNumber: '180', interiorNumber: '4B', neighborhood: 'Hipódromo' },
    ],
    [
      'a lote with a letter is written in capitals',
      'Mz 12 Lt 3a',
      { exteriorNumber: 'Mz 12 Lt 3A' },
    ],
    [
      'a kilometre with two decimals',
      'Carretera México-Toluca km 14.25',
      { street: 'Carretera México-Toluca', exteriorNumber: 'Km 14.25' },
    ],
    [
      'a street named by a date, typed without "Calle"',
      '5 de Mayo 32, Centro',
      { street: '5 de Mayo', exteriorNumber: '32', neighborhood: 'Centro' },
    ],
    [
      'a colonia named by a date, right after the number',
      'Sonora 180 10 de Mayo',
      { street: 'Sonora', exteriorNumber: '180', neighborhood: '10 de Mayo' },
    ],
    [
      'a colonia with a number in its name, right after the house number',
      'Av. Tláhuac 100 Escuadrón 201',
      { street: 'Avenida Tláhuac', exteriorNumber: '100', neighborhood: 'Escuadrón 201' },
    ],
    [
      'a number before "del" starts a name too',
      'Sonora 180 3 del Valle',
      { street: 'Sonora', exteriorNumber: '180', neighborhood: '3 del Valle' },
    ],
  ]);
});

describe('an alcaldía or city among the segments', () => {
  check([
    [
      'an alcaldía before a marked colonia is not the street',
      'Coyoacán, Col. Del Carmen',
      { neighborhood: 'Del Carmen' },
    ],
    [
      'an alcaldía and its city: the alcaldía alone is kept',
      'Coyoacán, CDMX',
      { freeText: 'Coyoacán' },
    ],
    [
      'an alcaldía before the street is not the colonia',
      'Coyoacán, Av. Universidad 1000',
      { street: 'Avenida Universidad', exteriorNumber: '1000' },
    ],
    ['one word typed in capitals', 'INSURGENTES', { freeText: 'Insurgentes' }],
  ]);
});

describe('cross streets, which fill no field', () => {
  check([
    [
      '"esq." and the street on the corner',
      'Varsovia 36 esq. Hamburgo, Juárez',
      { street: 'Varsovia', exteriorNumber: '36', neighborhood: 'Juárez' },
    ],
    [
      '"esquina" spelled out',
      'Varsovia 36 esquina Hamburgo, Juárez',
      { street: 'Varsovia', exteriorNumber: '36', neighborhood: 'Juárez' },
    ],
    [
      '"casi esq."',
      'Varsovia 36 casi esq. Hamburgo, Juárez',
      { street: 'Varsovia', exteriorNumber: '36', neighborhood: 'Juárez' },
    ],
    [
      '"entre … y …"',
      'Varsovia 36 entre Hamburgo y Londres, Juárez',
      { street: 'Varsovia', exteriorNumber: '36', neighborhood: 'Juárez' },
    ],
    [
      '"e/ … y …"',
      'Varsovia 36 e/ Hamburgo y Londres, Juárez',
      { street: 'Varsovia', exteriorNumber: '36', neighborhood: 'Juárez' },
    ],
    [
      '"y" right after the house number',
      'Juárez 10 y Balderas, Centro',
      { street: 'Juárez', exteriorNumber: '10', neighborhood: 'Centro' },
    ],
    [
      'a cross street in a segment of its own',
      'Av. Juárez, esquina con Balderas, Centro',
      { street: 'Avenida Juárez', neighborhood: 'Centro' },
    ],
    [
      'a cross street after the colonia',
      'Varsovia 36 Juárez esq. Hamburgo',
      { street: 'Varsovia', exteriorNumber: '36', neighborhood: 'Juárez' },
    ],
    [
      'a corner without a house number: the words before it are the street',
      'Varsovia esq. Hamburgo, Juárez',
      { street: 'Varsovia', neighborhood: 'Juárez' },
    ],
    [
      'a street named "Entre Ríos" is no cross street',
      'Entre Ríos 15, Centro',
      { street: 'Entre Ríos', exteriorNumber: '15', neighborhood: 'Centro' },
    ],
    [
      '"y" inside a colonia\'s name stays',
      'Varsovia 36 Lomas y Bosques',
      { street: 'Varsovia', exteriorNumber: '36', neighborhood: 'Lomas y Bosques' },
    ],
    ['"casi" alone is a word', 'Casi Blanca', { freeText: 'Casi Blanca' }],
    [
      '"casi esquina con"',
      'Varsovia 36 casi esquina con Hamburgo, Juárez',
      { street: 'Varsovia', exteriorNumber: '36', neighborhood: 'Juárez' },
    ],
    [
      '"entre … y …" in a segment of its own',
      'Av. Juárez, entre Balderas y Revillagigedo, Centro',
      { street: 'Avenida Juárez', neighborhood: 'Centro' },
    ],
    ['a corner alone: the street before it', 'Varsovia esq. Hamburgo', { street: 'Varsovia' }],
    [
      'a corner in a segment of its own, after a street without a number',
      'Juárez, esq. Balderas, Centro',
      { street: 'Juárez', neighborhood: 'Centro' },
    ],
    [
      'a colonia starting with "E" right after the number',
      'Sonora 180 Escandón',
      { street: 'Sonora', exteriorNumber: '180', neighborhood: 'Escandón' },
    ],
    [
      'a colonia whose first word ends in "e" right after the number',
      'Varsovia 36 Valle Gómez',
      { street: 'Varsovia', exteriorNumber: '36', neighborhood: 'Valle Gómez' },
    ],
    ['"y" inside a colonia typed alone', 'Lomas y Bosques', { freeText: 'Lomas y Bosques' }],
    [
      '"y" inside a marked colonia',
      'Varsovia 36 Col. Lomas y Bosques',
      { street: 'Varsovia', exteriorNumber: '36', neighborhood: 'Lomas y Bosques' },
    ],
  ]);
});
