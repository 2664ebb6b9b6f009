import { MONEY_LOCALE } from './config';

let money: Intl.NumberFormat | undefined;

/**
 * "$1,234.50": Mexican pesos written the Mexican way, whatever the interface language. The format
 * is made at its first use, not as a module loads: a page's first Intl object loads ICU's data,
 * 55–95 ms of a tablet's main thread at 4× CPU (Chromium 156), which the quote screen's module
 * paid in the task that ran it, before the map existed (docs/performance.md, "Intl at start").
 */
export function formatMoney(amount: number): string {
  money ??= new Intl.NumberFormat(MONEY_LOCALE, { style: 'currency', currency: 'MXN' });
  return money.format(amount);
}
