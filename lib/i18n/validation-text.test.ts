import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import es from '@/messages/es-MX.json';
import { VALIDATION_KEYS } from '@/lib/quote/schema';
import { validationValues } from '@/lib/quote/validation-values';
import { validationTextIn } from './validation-text';

describe('the API’s field messages', () => {
  it('are the screen’s own texts, in Spanish and in English', async () => {
    const [spanish, english] = await Promise.all([
      validationTextIn('es-MX'),
      validationTextIn('en'),
    ]);
    // The catalogs name a limit as {max}; the API sends the number (lib/courier-api/limits.ts).
    const filled = (text: string, key: string) =>
      text.replace(/\{(\w+)\}/g, (_, name: string) => String(validationValues(key)?.[name]));
    for (const key of VALIDATION_KEYS) {
      const name = key.replace('validation.', '') as keyof typeof es.validation;
      expect(spanish(key)).toBe(filled(es.validation[name], key));
      expect(english(key)).toBe(filled(en.validation[name], key));
    }
    expect(spanish('validation.streetTooLong')).toBe('La calle admite máximo 150 caracteres.');
    expect(spanish('validation.zipCode')).toBe('El código postal tiene 5 dígitos, p. ej. 06600.');
    expect(english('validation.tooManyStops')).toBe('Up to 9 drop-offs per quote.');
  });

  it('pass any other text through as it is', async () => {
    expect((await validationTextIn('en'))('something else')).toBe('something else');
  });

  it('pass through a text that names another of the catalogs’ entries, or no entry', async () => {
    const english = await validationTextIn('en');
    expect(english('signIn.title')).toBe('signIn.title');
    expect(english('validation.unknown')).toBe('validation.unknown');
  });
});
