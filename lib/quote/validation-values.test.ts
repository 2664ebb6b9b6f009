import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import es from '@/messages/es-MX.json';
import { ADDRESS_FIELD_MAX_LENGTH, MAX_DROPOFFS } from '@/lib/courier-api/limits';
import { VALIDATION_KEYS } from './schema';
import { validationValues } from './validation-values';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);

describe('the numbers the validation messages name', () => {
  it('come from the limits module', () => {
    expect(validationValues('validation.tooManyStops')).toEqual({ max: MAX_DROPOFFS });
    expect(validationValues('validation.streetTooLong')).toEqual({
      max: ADDRESS_FIELD_MAX_LENGTH.street,
    });
    expect(validationValues('validation.required')).toBeUndefined();
  });

  it('fill every placeholder of every validation text, in both languages', () => {
    for (const key of VALIDATION_KEYS) {
      const name = key.replace('validation.', '') as keyof typeof es.validation;
      for (const text of [es.validation[name], en.validation[name]]) {
        for (const placeholder of placeholders(text)) {
          expect(validationValues(key)?.[placeholder!], `${key} {${placeholder}}`).toEqual(
            expect.any(Number),
          );
        }
      }
    }
  });

  it('no catalog writes a limit as a figure of its own', () => {
    for (const catalog of [es, en]) {
      expect(JSON.stringify(catalog.validation)).not.toMatch(/\b(9|20|100|150)\b/);
      expect(catalog.pins.stopsFull).toContain('{max}');
    }
  });
});
