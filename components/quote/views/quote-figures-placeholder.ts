import type { ComponentProps } from 'react';
import type { QuoteFigures } from './quote-figures';

const noop = () => {};
const point = { street: '', exteriorNumber: '', interiorNumber: '', neighborhood: '', zipCode: '' };
const INSTANT = '2000-01-01T00:00:00.000Z';

/**
 * What the result's figures are drawn with, hidden, before there is a quote (quote-result.tsx):
 * a stored two-stop quote's shape, so that the first answer only changes text. Never shown,
 * never read; one object, so that the hidden figures are not drawn again.
 */
export const FIGURES_BEFORE_A_QUOTE: ComponentProps<typeof QuoteFigures> = {
  quote: {
    total: 0,
    price: 0,
    discount: 0,
    extraCharge: 0,
    packageValue: 0,
    messengerFee: 0,
    operatorCost: 0,
    distanceKm: 0,
    etaMinutes: 0,
    isBike: true,
    rating: 0,
    currency: 'MXN',
    zone: { id: 0, name: '' },
    packageType: { id: 0, name: '' },
    issuedAt: INSTANT,
    expiresAt: INSTANT,
  },
  stale: false,
  route: { roadRoutes: false, view: null },
  expired: false,
  values: { pickup: point, dropoffs: [point] },
  record: { reference: '', customerUrl: '/', expiresAt: INSTANT },
  onRequote: noop,
  onNew: noop,
};
