import type { ValidationKey } from './schema';

export type ValidationLanguage = 'es-MX' | 'en';

/** The human text of each validation key, for the API's `fields` and the screen's catalog. */
export const validationMessages: Record<ValidationLanguage, Record<ValidationKey, string>> = {
  'es-MX': {
    'validation.required': 'Este campo es obligatorio.',
    'validation.streetRequired': 'Escribe la calle.',
    'validation.exteriorNumberRequired': 'Escribe el número exterior, o S/N si no tiene.',
    'validation.neighborhoodRequired': 'Escribe la colonia.',
    'validation.zipCodeRequired': 'Escribe el código postal.',
    'validation.invalid': 'El valor no es válido.',
    'validation.tooLong': 'El texto es demasiado largo.',
    'validation.zipCode': 'El código postal tiene 5 dígitos, p. ej. 06600.',
    'validation.latitude': 'La latitud debe ser un número entre -90 y 90.',
    'validation.longitude': 'La longitud debe ser un número entre -180 y 180.',
    'validation.email': 'Escribe un correo electrónico válido.',
    'validation.tooManyStops': 'Hasta 9 entregas por cotización.',
    'validation.summary': 'Revisa los campos marcados.',
  },
  en: {
    'validation.required': 'This field is required.',
    'validation.streetRequired': 'Enter the street.',
    'validation.exteriorNumberRequired': 'Enter the exterior number, or S/N if it has none.',
    'validation.neighborhoodRequired': 'Enter the neighborhood (colonia).',
    'validation.zipCodeRequired': 'Enter the zip code.',
    'validation.invalid': 'This value is not valid.',
    'validation.tooLong': 'This text is too long.',
    'validation.zipCode': 'The zip code has 5 digits, e.g. 06600.',
    'validation.latitude': 'The latitude must be a number from -90 to 90.',
    'validation.longitude': 'The longitude must be a number from -180 to 180.',
    'validation.email': 'Enter a valid e-mail address.',
    'validation.tooManyStops': 'Up to 9 drop-offs per quote.',
    'validation.summary': 'Some fields need attention.',
  },
};

/** A message key in the given language; anything that is not a known key is passed through. */
export function validationMessage(message: string, language: ValidationLanguage): string {
  const catalog: Record<string, string> = validationMessages[language];
  return catalog[message] ?? message;
}

/**
 * The request's language for messages: English when the dispatcher's browser prefers it,
 * Spanish (the app's default) otherwise.
 */
export function requestLanguage(request: Request): ValidationLanguage {
  const header = request.headers.get('accept-language') ?? '';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
    if (tag === 'es' || tag.startsWith('es-')) return 'es-MX';
  }
  return 'es-MX';
}
