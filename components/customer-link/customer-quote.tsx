import { stopColour } from '@/components/quote/trip/stop-colours';
import { streetLine, type CustomerQuoteView } from '@/lib/quote-records/customer-view';
import type { CustomerWords } from './customer-words';
import { StopsMap } from './stops-map';
import styles from './customer-link.module.css';

/**
 * The customer's page: the trip (map and stops), the total, when it arrives, the vehicle, and
 * until when the price holds. A Server Component: nothing here runs in the phone.
 */
export function CustomerQuote({
  view,
  words,
  map,
}: {
  view: CustomerQuoteView;
  words: CustomerWords;
  map: { tileUrl: string; attribution: string };
}) {
  const { t } = words;
  return (
    <main className={styles.page} lang={view.language}>
      <h1 className={styles.title}>{t('customerLink.title', { reference: view.reference })}</h1>
      <p
        className={`${styles.validity} ${view.expired ? styles.expired : ''}`}
        data-validity={view.expired ? 'expired' : 'valid'}
      >
        {words.validity}
      </p>
      {view.expired && <p className={styles.note}>{t('customerLink.expiredNote')}</p>}

      <dl className={styles.figures}>
        <div className={styles.total}>
          <dt>{t('quote.total')}</dt>
          <dd>
            <span data-total>{words.total}</span> <small>{t('customerLink.totalNote')}</small>
          </dd>
        </div>
        <div>
          <dt>{t('customerLink.eta')}</dt>
          <dd>{t('customerLink.etaValue', { minutes: words.minutes })}</dd>
        </div>
        <div>
          <dt>{t('customerLink.vehicle')}</dt>
          <dd>{words.vehicle}</dd>
        </div>
      </dl>

      <StopsMap
        stops={view.stops}
        tileUrl={map.tileUrl}
        attribution={map.attribution}
        label={t('customerLink.mapLabel', { from: words.from, to: words.to })}
      />

      <h2 className={styles.stopsTitle}>{t('customerLink.stopsTitle')}</h2>
      <ol className={styles.stops}>
        {view.stops.map((stop, index) => (
          <li key={stop.letter} className={styles.stop} data-stop={stop.letter}>
            <span
              className={`${styles.badge} ${index === 0 ? styles.pinPickup : ''}`}
              style={{ ['--pin-color' as string]: stopColour(index) }}
              aria-hidden="true"
            >
              {stop.letter}
            </span>
            <span>
              <span className={styles.role}>
                {index === 0 ? t('quote.sharePickup') : t('quote.shareDropoff')}
              </span>
              <span className={styles.street}>{streetLine(stop)}</span>
              <span className={styles.neighborhood}>{stop.neighborhood}</span>
            </span>
          </li>
        ))}
      </ol>
    </main>
  );
}
