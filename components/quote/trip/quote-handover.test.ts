import { describe, expect, it } from 'vitest';
import recordedTrip from '@/test/fixtures/recorded-trip.json';
import { emptyPoint, type QuoteDraftValues } from './draft';
import { shareText, type ShareWords } from './quote-handover';

const trip = (): QuoteDraftValues => ({
  pickup: { ...recordedTrip.pickup, interiorNumber: '' },
  dropoffs: [{ id: 'b', ...recordedTrip.dropoff }],
});

const words: ShareWords = {
  title: 'Cotización de envío',
  stopName: (letter, role, several) =>
    role === 'pickup' ? 'Recolección' : several ? `Entrega ${letter}` : 'Entrega',
  figures: 'Total $35.00 MXN · 1.58 km · 28 min · Bicicleta',
  validity: 'Válida hasta las 12:15 p.m.',
};

describe('handing the quote over', () => {
  it('reads as a chat message: from → to by street and colonia, the figures, until when', () => {
    expect(shareText(trip(), words)).toBe(
      [
        'Cotización de envío',
        'Recolección: Varsovia 36, Juárez',
        'Entrega: Sonora 180 int. 1, Hipódromo',
        'Total $35.00 MXN · 1.58 km · 28 min · Bicicleta',
        'Válida hasta las 12:15 p.m.',
      ].join('\n'),
    );
  });

  it('names every drop-off by its letter when there are several, and says nothing internal', () => {
    const values = trip();
    values.dropoffs.push({
      id: 'secret-id',
      ...emptyPoint(),
      street: 'Durango',
      exteriorNumber: '200',
      neighborhood: 'Roma Norte',
      lat: 19.42,
      lng: -99.16,
    });
    const text = shareText(values, words);
    expect(text).toContain('Entrega B: Sonora 180 int. 1, Hipódromo');
    expect(text).toContain('Entrega C: Durango 200, Roma Norte');
    expect(text).not.toMatch(/secret-id|19\.4|-99\.1|06100|token/);
  });

  it("ends with the customer's link when the quote was stored, and without one when it was not", () => {
    const link = 'https://cotiza.example.mx/c/Qm9uam91ciBsZSBtb25kZQ';
    const lines = shareText(trip(), words, link).split('\n');
    expect(lines.at(-1)).toBe(link);
    expect(lines.at(-2)).toBe('Válida hasta las 12:15 p.m.');
    expect(shareText(trip(), words, undefined)).not.toContain('/c/');
  });
});
