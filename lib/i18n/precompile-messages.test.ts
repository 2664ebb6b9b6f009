import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import compile from 'icu-minify/compile';
import format from 'icu-minify/format';
import en from '@/messages/en.json';
import es from '@/messages/es-MX.json';
import precompileMessagesLoader, { compileCatalog } from './precompile-messages.js';

/** Every message of a catalog as [dotted key, text]. */
function leaves(tree: object, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value as object, `${prefix}${key}.`),
  );
}

/** A value for each argument a message takes, of the kind it expects. */
function sampleValues(elements: MessageFormatElement[], values: Record<string, unknown> = {}) {
  for (const element of elements) {
    if (element.type === TYPE.argument) values[element.value] = 'Roma Norte';
    if (element.type === TYPE.number) values[element.value] = 1234.5;
    if (element.type === TYPE.date || element.type === TYPE.time)
      values[element.value] = new Date('2026-11-22T18:30:00Z');
    if (element.type === TYPE.plural) {
      values[element.value] = 2;
      for (const option of Object.values(element.options)) sampleValues(option.value, values);
    }
    if (element.type === TYPE.select) {
      values[element.value] = Object.keys(element.options).find((key) => key !== 'other') ?? 'x';
      for (const option of Object.values(element.options)) sampleValues(option.value, values);
    }
    if (element.type === TYPE.tag) {
      values[element.value] = (chunks: string[]) => `<${element.value}>${chunks.join('')}</>`;
      sampleValues(element.children, values);
    }
  }
  return values;
}

const formatters = {
  getDateTimeFormat: (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) =>
    new Intl.DateTimeFormat(...args),
  getNumberFormat: (...args: ConstructorParameters<typeof Intl.NumberFormat>) =>
    new Intl.NumberFormat(...args),
  getPluralRules: (...args: ConstructorParameters<typeof Intl.PluralRules>) =>
    new Intl.PluralRules(...args),
};

describe.each([
  ['es-MX', es],
  ['en', en],
])('the %s catalog, compiled ahead of time', (locale, catalog) => {
  const compiled = compileCatalog(catalog, compile);

  it.each(leaves(catalog))('says %s exactly as the full ICU parser would', (key, text) => {
    const values = sampleValues(parse(text));
    const expected = new IntlMessageFormat(text, locale).format(values);
    const actual = format(getPath(compiled, key) as never, locale, values as never, {
      formatters,
      timeZone: 'America/Mexico_City',
    });
    const flat = (value: unknown) => (Array.isArray(value) ? value.join('') : String(value));
    expect(flat(actual)).toBe(flat(expected));
  });
});

function getPath(tree: unknown, key: string): unknown {
  return key.split('.').reduce((node, part) => (node as Record<string, unknown>)?.[part], tree);
}

describe('the loader', () => {
  function run(source: string): Promise<string> {
    return new Promise((resolve, reject) =>
      precompileMessagesLoader.call(
        {
          async: () => (error: unknown, result?: string) =>
            error ? reject(error) : resolve(result!),
        },
        source,
      ),
    );
  }

  it('turns a catalog into a module exporting it compiled, plain texts kept as they are', async () => {
    const output = await run(JSON.stringify({ app: { name: 'Cotizador', hello: 'Hola, {name}' } }));
    expect(output).toBe(
      `export default ${JSON.stringify({ app: { name: 'Cotizador', hello: ['Hola, ', ['name']] } })};\n`,
    );
  });

  it('fails the build on a catalog that is not texts and groups of texts', async () => {
    await expect(run('{"app": {"count": 3}}')).rejects.toThrow(/only texts/);
    await expect(run('{"app": ')).rejects.toThrow();
  });
});
