import { describe, expect, it } from 'vitest';
import { offlinePage, offlinePageLocale } from './offline-page';

describe('the page shown when a page cannot open offline', () => {
  it('says so in the dispatcher’s language and offers to try the same page again', () => {
    const { html } = offlinePage('es-MX', '/sign-in?next=%2F');
    expect(html).toContain('<html lang="es-MX">');
    expect(html).toContain('<h1>Sin conexión</h1>');
    expect(html).toContain('href="/sign-in?next=%2F"');
    expect(offlinePage('en', '/').html).toContain('<h1>No connection</h1>');
  });

  it('never links elsewhere, and escapes what it repeats', () => {
    expect(offlinePage('en', '//evil.example/').html).toContain('href="/"');
    expect(offlinePage('en', 'https://evil.example/').html).toContain('href="/"');
    expect(offlinePage('en', '/"><script>x</script>').html).not.toContain('<script>');
  });

  it('runs nothing and loads nothing, and carries the app’s other security headers', () => {
    const { html, headers } = offlinePage('es-MX', '/');
    expect(html).not.toMatch(/<script|<img|<link/);
    expect(headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('cache-control')).toBe('no-store');
  });

  it('speaks the chosen language, else the browser’s if English, else Spanish', () => {
    expect(offlinePageLocale('en', 'es-MX')).toBe('en');
    expect(offlinePageLocale('es-MX', 'en-US')).toBe('es-MX');
    expect(offlinePageLocale(undefined, 'en-GB')).toBe('en');
    expect(offlinePageLocale(undefined, 'fr-FR')).toBe('es-MX');
  });
});
