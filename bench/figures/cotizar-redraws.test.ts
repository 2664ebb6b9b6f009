import { describe, expect, it } from 'vitest';
import { redrawsOf } from './cotizar-redraws.mjs';

describe('what a Cotizar draws again', () => {
  it('counts the commits up to the painted price, and the fields among what they drew', () => {
    const commits = [
      {
        at: 100,
        rendered: ['QuotePanel', 'Field', 'Field'],
        fields: ['pickup.street', 'dropoffs.0.street'],
      },
      { at: 140, rendered: ['QuoteResult'], fields: [] },
      // After the price was painted: not the tap's.
      { at: 200, rendered: ['TripMap', 'Field'], fields: ['pickup.street'] },
    ];
    expect(redrawsOf(commits, 150)).toEqual({
      commits: 2,
      components: 4,
      fields: ['pickup.street', 'dropoffs.0.street'],
    });
  });
});
