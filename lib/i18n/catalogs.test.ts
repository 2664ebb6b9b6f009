import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import es from '@/messages/es-MX.json';
import { VALIDATION_KEYS } from '@/lib/quote/schema';

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

  it('every message of the shared schemas has its text (the server sends the same)', () => {
    for (const key of VALIDATION_KEYS) {
      expect(lookup(es, key), key).toEqual(expect.any(String));
      expect(lookup(en, key), key).toEqual(expect.any(String));
    }
  });

  it('no English text is the Spanish one left untranslated (words both languages share aside)', () => {
    // The same in both: words English takes as they are, and texts of figures and placeholders.
    const shared = /\{\w+\}|\b(?:Pin|Total|km|min|MXN)\b/g;
    const untranslated = keys(en).filter((key) => {
      const text = lookup(en, key) as string;
      return text === lookup(es, key) && /\p{L}/u.test(text.replace(shared, ''));
    });
    expect(untranslated).toEqual([]);
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
