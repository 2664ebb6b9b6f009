// Not server-only: the screen reads the quote; plain types, nothing of the courier's wire.

/**
 * POST /api/quote's answer (its request is the shared schema in lib/quote/schema.ts). A quote as
 * the dispatch app knows it: the courier's answer reshaped at the border (lib/courier-client) so
 * that nothing past it depends on the courier's wire format. Money in MXN (VAT included), distances in km by road, times in minutes.
 */
export interface Quote {
  total: number;
  price: number;
  discount: number;
  extraCharge: number;
  packageValue: number;
  /** The messenger's share of the price. */
  messengerFee: number;
  /** The operator's share (the courier's `<brand>Cost` field). */
  operatorCost: number;
  distanceKm: number;
  etaMinutes: number;
  isBike: boolean;
  rating: number;
  currency: 'MXN';
  zone: { id: number; name: string; description?: string };
  packageType: { id: number; name: string };
  /** When the app received the quote (ISO 8601). */
  quotedAt: string;
  /**
   * Per leg in stop order (A → B, B → C, …), when the courier reports per-address figures; absent
   * otherwise. The legs' km and prices add up to the totals.
   */
  legs?: QuoteLeg[];
}

export interface QuoteLeg {
  /** Stop positions: 0 is the pickup (A), 1 the first drop-off (B), … */
  from: number;
  to: number;
  distanceKm: number;
  /** Minutes as the courier gives them for the stop at the leg's end. */
  etaMinutes: number;
  price: number;
}

/** POST /api/quote → 200. */
export interface QuoteAnswer {
  quote: Quote;
}
