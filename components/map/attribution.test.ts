import { describe, expect, it } from 'vitest';
import { withNewTabLinks } from './attribution';

describe("the tiles' credit line", () => {
  it('opens OpenStreetMap in a new tab, without giving it the app’s window', () => {
    expect(
      withNewTabLinks(
        '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
      ),
    ).toBe(
      '&copy; <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">OpenStreetMap</a> contributors',
    );
  });

  it('replaces a target or rel the operator wrote, and touches nothing else', () => {
    expect(
      withNewTabLinks(
        `<A HREF='https://tiles.example' target=_self rel="author">Tiles</A> · <b>bold</b>`,
      ),
    ).toBe(
      `<a HREF='https://tiles.example' target="_blank" rel="noopener noreferrer">Tiles</A> · <b>bold</b>`,
    );
    expect(withNewTabLinks('Map data: none')).toBe('Map data: none');
  });
});
