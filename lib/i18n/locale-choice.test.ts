import { describe, expect, it } from 'vitest';
import { chooseLocale, localeOfRequest } from './locale-choice';

describe('the language the app writes in', () => {
  it('is the one the dispatcher chose on this device, whatever the browser prefers', () => {
    expect(chooseLocale('en', 'es-MX,es;q=0.9')).toBe('en');
    expect(chooseLocale('es-MX', 'en-US,en;q=0.9')).toBe('es-MX');
  });

  it('is Spanish when the chosen language is not one of ours', () => {
    expect(chooseLocale('fr', 'en')).toBe('es-MX');
  });

  it('otherwise is the first of ours the browser prefers, by its q-values', () => {
    expect(chooseLocale(undefined, 'en-US,en;q=0.9')).toBe('en');
    expect(chooseLocale(undefined, 'es-MX,es;q=0.9,en;q=0.8')).toBe('es-MX');
    expect(chooseLocale(undefined, 'fr-FR,en;q=0.5')).toBe('en');
    expect(chooseLocale(undefined, 'es;q=0.1, en;q=0.9')).toBe('en');
    expect(chooseLocale(undefined, 'en-GB')).toBe('en');
  });

  it('is Mexican Spanish when neither says', () => {
    expect(chooseLocale(undefined, 'de')).toBe('es-MX');
    expect(chooseLocale(undefined, 'fr-FR')).toBe('es-MX');
    expect(chooseLocale(undefined, undefined)).toBe('es-MX');
    expect(chooseLocale('', '')).toBe('es-MX');
  });

  it('is read from a request’s locale cookie and Accept-Language header', () => {
    const request = (headers: Record<string, string>) => localeOfRequest(new Headers(headers));
    expect(request({ cookie: 'dq_session=x; locale=en', 'accept-language': 'es-MX' })).toBe('en');
    expect(request({ cookie: 'dq_session=x', 'accept-language': 'en' })).toBe('en');
    expect(request({ 'accept-language': 'es-MX,es;q=0.9' })).toBe('es-MX');
    expect(request({})).toBe('es-MX');
  });
});
