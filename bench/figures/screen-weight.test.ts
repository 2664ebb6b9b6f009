import { describe, expect, it } from 'vitest';
import { tagsReferring } from './screen-weight.mjs';

const LEAFLET = '/_next/static/chunks/2ex_pdpi94ctl.js';

describe('whether the HTML asks for a chunk before the first paint', () => {
  it('sees a script or a preload link for it, whatever the attributes’ order', () => {
    expect(tagsReferring(`<script src="${LEAFLET}" async=""></script>`, LEAFLET)).toBe(true);
    expect(
      tagsReferring(
        `<link rel="preload" as="script" fetchPriority="low" href="${LEAFLET}"/>`,
        LEAFLET,
      ),
    ).toBe(true);
    expect(tagsReferring(`<script async src="${LEAFLET}?dpl=abc"></script>`, LEAFLET)).toBe(true);
  });

  it('does not count the path inside an inline script that asks for it after the paint', () => {
    const html = `<script nonce="n">(function(u){})(["${LEAFLET}"],"preload")</script>`;
    expect(tagsReferring(html, LEAFLET)).toBe(false);
  });

  it('does not take another chunk whose name starts the same for it', () => {
    expect(
      tagsReferring(`<script src="${LEAFLET.replace('.js', '0.js')}"></script>`, LEAFLET),
    ).toBe(false);
  });
});
