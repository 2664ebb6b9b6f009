import { describe, expect, it } from 'vitest';
import { addressFieldsOf, redrawsOf } from './cotizar-redraws.mjs';

describe('what a pin tap and a Cotizar draw again', () => {
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
    expect(redrawsOf(commits).commits).toBe(3);
  });

  it('tells a stop’s address fields from its coordinates, which show the pin that moved', () => {
    expect(
      addressFieldsOf([
        'pickup.coordinates',
        'pickup.street',
        'dropoffs.1.coordinates',
        'customer',
      ]),
    ).toEqual(['pickup.street', 'customer']);
  });
});
