'use client';

import type { ReactNode } from 'react';
import { useFormatter, useTranslations } from 'use-intl';
import type { RouteView } from '../trip/route-view';
import { formatMoney } from '@/lib/i18n/money';
import type { Quote, QuoteLeg, QuoteRecordAnswer } from '@/lib/api/quote';
import { distanceNote } from '../trip/distance-note';
import { ApproximateDistance, useDistanceUncertaintyKm } from './approximate-distance';
import { useKmNumber } from './distance-format';
import { HandOver } from './hand-over';
import { TIME_OF_DAY } from './use-figure-formats-warm';
import type { QuoteDraftValues } from '../trip/draft';
import { letterOf } from '../trip/trip-stops';
import styles from './styles';

/** The road route the result's km is compared with (components/map/use-trip-route.ts). */
export interface RouteCheck {
  /** A road router is configured. */
  roadRoutes: boolean;
  /** What the map draws through the quoted trip's pins, while the result is fresh; else null. */
  view: RouteView | null;
}

/**
 * A quote's figures: the total and the delivery time first and largest (what the customer asks),
 * then until when it holds, the ways to hand it over or start again, vehicle, distance and the
 * rest. Past its validity it says so and offers to quote again.
 */
export function QuoteFigures({
  quote,
  stale,
  route,
  expired,
  values,
  record,
  onRequote,
  onNew,
}: {
  quote: Quote;
  stale: boolean;
  route: RouteCheck;
  /** Past its `expiresAt` on the server's clock (use-now-until.ts). */
  expired: boolean;
  /** The trip it prices, for the text handed over. */
  values: QuoteDraftValues;
  /** Its record, when this quote was stored: the reference to read out, the customer's link. */
  record?: QuoteRecordAnswer;
  onRequote: () => void;
  onNew: () => void;
}) {
  const t = useTranslations('quote');
  const format = useFormatter();
  const km = useKmNumber();
  const uncertaintyKm = useDistanceUncertaintyKm(values);
  const note = distanceNote(quote.distanceKm, route, uncertaintyKm);
  // Instants on the server's clock, shown as they are: the customer's clock is the right one.
  const issuedAt = new Date(quote.issuedAt);
  const until = new Date(quote.expiresAt);
  const arrival = new Date(issuedAt.getTime() + quote.etaMinutes * 60_000);
  const time = (date: Date) => format.dateTime(date, TIME_OF_DAY);

  return (
    <>
      {stale && (
        <p className={`notice notice-warning ${styles.staleNotice}`} data-testid="stale-mark">
          {t('stale')}
        </p>
      )}
      {expired && !stale && (
        <div className={`notice notice-warning ${styles.staleNotice}`} data-testid="expired-mark">
          <p>{t('expired', { time: time(until) })}</p>
          <button type="button" className="button button-primary" onClick={onRequote}>
            {t('requote')}
          </button>
        </div>
      )}
      <p className={styles.total}>
        <span className={styles.totalLabel}>{t('total')}</span>
        <span className={styles.totalValue} data-testid="quote-total">
          {formatMoney(quote.total)}
        </span>
        <span className={styles.currency}>MXN</span>
        {expired && !stale && <span className={styles.expiredTag}>{t('expiredTag')}</span>}
      </p>
      <p className={styles.total}>
        <span className={styles.totalLabel}>{t('eta')}</span>
        <span className={styles.etaValue} data-testid="quote-eta">
          {t('etaValue', { minutes: quote.etaMinutes, time: time(arrival) })}
        </span>
      </p>
      {!expired && (
        <p className={styles.validity} data-testid="quote-validity">
          {t('validUntil', { time: time(until) })}
        </p>
      )}
      <HandOver
        quote={quote}
        values={values}
        validity={expired ? null : t('validUntil', { time: time(until) })}
        {...(record ? { customerUrl: record.customerUrl } : {})}
        onNew={onNew}
      />
      {quote.legs && quote.legs.length > 1 && <QuoteLegs legs={quote.legs} />}
      <dl className={styles.figures}>
        <div>
          <dt>{t('vehicle')}</dt>
          <dd data-testid="quote-vehicle" className={styles.vehicle}>
            {quote.isBike ? <BikeIcon /> : <MotorbikeIcon />}
            {quote.isBike ? t('bike') : t('motorbike')}
          </dd>
        </div>
        <div>
          <dt>{t('distance')}</dt>
          <dd>
            <span data-testid="quote-distance">
              {t('distanceValue', {
                km: km(quote.distanceKm),
              })}
            </span>
            <ApproximateDistance km={uncertaintyKm} />
            {note && (
              <span className={styles.distanceNote} data-testid="distance-note">
                {note.kind === 'approximate'
                  ? t('approximateDistance')
                  : t('roadDistance', {
                      km: km(note.km),
                    })}
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('zone')}</dt>
          <dd>{quote.zone.name.toUpperCase()}</dd>
        </div>
        <div>
          <dt>{t('price')}</dt>
          <dd>{formatMoney(quote.price)}</dd>
        </div>
        <div>
          <dt>{t('discount')}</dt>
          <dd>{formatMoney(quote.discount)}</dd>
        </div>
        <div>
          <dt>{t('extraCharge')}</dt>
          <dd>{formatMoney(quote.extraCharge)}</dd>
        </div>
      </dl>
      <p className="field-hint">
        {t('quotedAt', { time: time(issuedAt) })}
        {record && (
          <>
            {' · '}
            <span data-testid="quote-reference">
              {t('reference', { reference: record.reference })}
            </span>
          </>
        )}
      </p>
    </>
  );
}

/**
 * With several drop-offs, each leg under the total: which stops, km, when the rider arrives
 * (counted from the pickup, as the courier counts it) and price.
 */
function QuoteLegs({ legs }: { legs: QuoteLeg[] }) {
  const t = useTranslations('quote');
  const km = useKmNumber();
  return (
    <div className={styles.legs}>
      <h3 className={styles.legsTitle}>{t('legsTitle')}</h3>
      <ol className={styles.legList} data-testid="quote-legs">
        {legs.map((leg) => (
          <li key={`${leg.from}-${leg.to}`}>
            <span className={styles.legStops}>
              {t('leg', { from: letterOf(leg.from), to: letterOf(leg.to) })}
            </span>
            <span>
              {t('distanceValue', {
                km: km(leg.distanceKm),
              })}
            </span>
            <span>{t('legArrival', { minutes: leg.etaMinutes })}</span>
            <span className={styles.legPrice}>{formatMoney(leg.price)}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** A vehicle in outline, 32×24, in the text's colour: its wheels (x, y, radius), its frame, extras. */
function VehicleIcon({
  wheels,
  frame,
  children,
}: {
  wheels: [number, number, number][];
  frame: string;
  children?: ReactNode;
}) {
  return (
    <svg width="32" height="24" viewBox="0 0 32 24" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinejoin="round">
        {wheels.map(([cx, cy, r]) => (
          <circle key={cx} cx={cx} cy={cy} r={r} />
        ))}
        <path d={frame} strokeLinecap="round" />
      </g>
      {children}
    </svg>
  );
}

const BikeIcon = () => (
  <VehicleIcon
    wheels={[
      [7, 16, 6],
      [25, 16, 6],
    ]}
    frame="M7 16l5-9h9l4 9M12 7l4 9h-9M16 16l5-9M10 4h5"
  />
);

const MotorbikeIcon = () => (
  <VehicleIcon
    wheels={[
      [6, 17, 5],
      [26, 17, 5],
    ]}
    frame="M6 17h9l4-7h5l2 7M19 10l-2-5h-4M11 11h7"
  >
    <rect x="11" y="9" width="8" height="4" rx="1" fill="currentColor" />
  </VehicleIcon>
);
