import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import es from '@/messages/es-MX.json';
import { VALIDATION_KEYS } from '@/lib/quote/schema';
import { validationMessages } from '@/lib/quote/validation-messages';

function keys(messages: object, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keys(value, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

function lookup(messages: object, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], messages);
}

describe('the screen speaks Spanish and English alike', () => {
  it('every text exists in both languages', () => {
    expect(keys(en).sort()).toEqual(keys(es).sort());
  });

  it('no text is left empty', () => {
    for (const catalog of [es, en]) {
      for (const key of keys(catalog)) expect(lookup(catalog, key), key).not.toBe('');
    }
  });

  it('every message of the shared quote schema has its text, the same as the server sends', () => {
    for (const key of VALIDATION_KEYS) {
      expect(lookup(es, key)).toBe(validationMessages['es-MX'][key]);
      expect(lookup(en, key)).toBe(validationMessages.en[key]);
    }
  });

  it('the legends name the points as dispatchers know them', () => {
    expect(es.point.pickup).toBe('Recolección (A)');
    expect(es.point.dropoff).toBe('Entrega ({letter})');
    expect(en.point.pickup).toBe('Pickup (A)');
    expect(en.point.dropoff).toBe('Drop-off ({letter})');
    expect(es.quote.submit).toBe('Cotizar');
    expect(en.quote.submit).toBe('Get quote');
  });
});
