'use client';

import { Suspense, useCallback, useMemo, type FormEvent, type RefObject } from 'react';
import { useTranslations } from 'use-intl';
import type { RouteView } from '../trip/route-view';
import { OfflineNotice } from '@/components/ui/offline-notice';
import { OnHydrated } from '@/components/ui/on-hydrated';
import type { useGeolocation } from '../effects/use-geolocation';
import type { useGuidedFocus } from '../effects/use-guided-focus';
import type { useRecentQuotes } from '../effects/use-recent-quotes';
import { useSavedPlaces } from '../effects/use-saved-places';
import type { useTripActions } from '../effects/use-trip-actions';
import { currentKeyOf, IDLE_LOOKUP, isTripEmpty } from '../store/trip-state';
import { useTrip, useTripStore } from '../store/use-trip';
import { QuoteFormContext } from '../effects/quote-form-context';
import type { QuoteForm } from '../effects/use-trip-form';
import { MAX_DROPOFFS, pinOf } from '../trip/draft';
import type { RecentQuote, storageKeys } from '../trip/draft-storage';
import { resultStateOf, type RequestOutcome } from '../trip/quote-outcome';
import { isTripApproximate, type FieldPath, type TripReadiness } from '../trip/trip-readiness';
import { PICKUP } from '../trip/trip-stops';
import { AddStopButton } from './add-stop-button';
import { CustomerField } from './customer-field';
import { PinToolbar } from './pin-toolbar';
import { PointFieldset } from './point-fieldset';
import { QuoteResult } from './quote-result';
import type { ScreenConfig } from './screen-config';
import { RecentQuotes } from './recent-quotes';
import { StopLetterNotice } from './stop-letter-notice';
import { ValidationSummary } from './validation-summary-slot';
import { useSubmitOnRelease } from './use-submit-on-release';
import { scrollBehavior } from '@/components/ui/motion';
import styles from './styles';

/** What the panel is handed by the workspace: the form, the effects and the last request. */
export interface PanelProps {
  config: ScreenConfig;
  form: QuoteForm;
  formRef: RefObject<HTMLFormElement | null>;
  resultRef: RefObject<HTMLElement | null>;
  trip: TripReadiness;
  /** With every stop out of coverage, known from the zones or from a refusal. */
  outcome: RequestOutcome & { pending: boolean; outsideStops: readonly string[] };
  /** What the map draws through the pins (the result compares its km). */
  routeView: RouteView | null;
  effects: {
    focus: ReturnType<typeof useGuidedFocus>;
    actions: ReturnType<typeof useTripActions>;
    geolocation: ReturnType<typeof useGeolocation>;
    recent: ReturnType<typeof useRecentQuotes>;
  };
  placesKey: ReturnType<typeof storageKeys>['places'];
  onSubmit: (event?: FormEvent) => void;
  /** What else a new trip resets (a quote's error, a location notice). */
  onStartOver: () => void;
  /** Once the stops' fields (a boundary of their own) are on the client. */
  onFieldsHydrated: () => void;
}

/**
 * The panel beside the map: which stop the next tap places and the pin actions, the result, every
 * stop's fields, "Agregar entrega", the recent quotes and "Cotizar".
 */
export function QuotePanel({
  config,
  form,
  formRef,
  resultRef,
  trip,
  outcome,
  ...rest
}: PanelProps) {
  const t = useTranslations();
  const store = useTripStore();
  const { focus, actions, geolocation, recent } = rest.effects;
  const places = useSavedPlaces(rest.placesKey);
  const values = useTrip((state) => state.values);
  const lookups = useTrip((state) => state.lookups);
  const activeStop = useTrip((state) => state.activeStop);
  const shown = useTrip((state) => state.shown);
  const currentKey = useTrip(currentKeyOf);
  const isEmpty = useTrip(isTripEmpty);
  const resultState = resultStateOf(outcome, { trip, shown, currentKey });
  const freshQuote = resultState.kind === 'quote' && !resultState.stale;
  // What the panel hands its parts stays the same object while it means the same: a "Cotizar"
  // (pending, then answered) draws the panel again, and only what shows the request or its
  // answer (the result, the button) draws with it (bench: cotizar-redraws).
  const stops = useMemo(() => trip.map((readiness) => readiness.stop), [trip]);
  const { onStartOver, onSubmit } = rest;
  const clear = useCallback(() => {
    store.clear();
    onStartOver();
  }, [store, onStartOver]);
  const { locate } = geolocation;
  const { placeAt } = actions;
  const useMyLocation = useCallback(
    () => locate((at) => placeAt(PICKUP, at, 'text')),
    [locate, placeAt],
  );
  const openRecent = useCallback(
    (entry: RecentQuote) => {
      store.openRecent(entry);
      onStartOver();
      resultRef.current?.scrollIntoView({ block: 'start', behavior: scrollBehavior() });
    },
    [store, onStartOver, resultRef],
  );
  const goToPath = useCallback(
    (path: FieldPath) => focus.goToPath(path, store.get().values),
    [focus, store],
  );
  // The form sent again as its own button sends it: the same from one draw to the next.
  const retry = useCallback(() => formRef.current?.requestSubmit(), [formRef]);
  const submitOnRelease = useSubmitOnRelease(onSubmit);
  const routeView = freshQuote ? rest.routeView : null;
  const route = useMemo(
    () => ({ roadRoutes: config.roadRoutes, view: routeView }),
    [config.roadRoutes, routeView],
  );

  return (
    <QuoteFormContext value={form}>
      <form
        ref={formRef}
        id="quote-panel"
        tabIndex={-1}
        className={styles.panel}
        onSubmit={onSubmit}
        noValidate
        aria-label={t('quote.resultTitle')}
      >
        <div className={styles.panelBody}>
          <OfflineNotice />
          <PinToolbar
            stops={stops}
            activeStop={activeStop}
            onActiveStopChange={store.setActiveStop}
            onUseMyLocation={useMyLocation}
            locating={geolocation.locating}
            locationProblem={geolocation.problem}
            onSwap={store.swap}
            onClear={clear}
            canSwap={stops.some((stop) => pinOf(stop.point) !== null)}
            canClear={!isEmpty}
          />
          <QuoteResult
            ref={resultRef}
            state={resultState}
            pending={outcome.pending}
            answer={outcome.answer}
            coverageKnown={config.builtinCourier}
            route={route}
            onRetry={retry}
            onNew={clear}
          />
          <CustomerField />
          {/* A boundary of its own: React sends a boundary apart once the page's first 12.8 KB
              of HTML are out, hidden until an inline script reveals it (at the next frame since
              React 19.2). The stops' fields are the bulk of the screen's HTML; kept apart, the
              header and the map's preview stay in the page as it arrives, drawn before any script
              has run (e2e/map-preview.spec.ts). The price: an update reaching this boundary
              before it has hydrated makes React render the fields again on the client, the
              server's hidden copy beside them until that frame. So the draft is restored only
              once it has hydrated (OnHydrated). */}
          <Suspense>
            <OnHydrated onHydrated={rest.onFieldsHydrated} />
            <div className={styles.points}>
              {trip.map((readiness, index) => (
                <PointFieldset
                  key={readiness.stop.key}
                  readiness={readiness}
                  lookup={lookups[readiness.stop.key] ?? IDLE_LOOKUP}
                  outside={outcome.outsideStops.includes(readiness.stop.key)}
                  near={
                    pinOf(readiness.stop.point) ?? pinOf((trip[index - 1] ?? trip[1])?.stop.point)
                  }
                  expanded={stops.length <= 2 || focus.openStop === readiness.stop.key}
                  dropoffCount={values.dropoffs.length}
                  places={places}
                  handlers={actions.handlers}
                />
              ))}
            </div>
            {/* In the fields' boundary, not after it: drawn before the fields were revealed, they
                were pushed down when the fields came, a jump on a slow tablet (e2e/screen-fit). */}
            <AddStopButton full={values.dropoffs.length >= MAX_DROPOFFS} onAdd={actions.addStop} />
            <RecentQuotes recent={recent.recent} onOpen={openRecent} onClear={recent.clear} />
          </Suspense>
        </div>
        <div className={styles.submitBar}>
          <StopLetterNotice stops={stops} />
          <ValidationSummary onGoTo={goToPath} />
          {/* Beside the button tapped, wherever the panel is scrolled: the card says it too, and
              announces it, but may be far above. */}
          {resultState.kind === 'queued' && (
            <p className={`notice notice-info ${styles.submitNote}`} data-testid="queued-at-submit">
              {t(resultState.changed ? 'quote.queuedChanged' : 'quote.queued')}
            </p>
          )}
          <button
            type="submit"
            {...submitOnRelease}
            className={`button button-primary ${styles.submit} ${isTripApproximate(trip) ? styles.submitLong : ''}`}
            disabled={outcome.pending}
          >
            {outcome.pending
              ? t('quote.submitting')
              : isTripApproximate(trip)
                ? t('quote.submitApproximate')
                : t('quote.submit')}
          </button>
        </div>
      </form>
    </QuoteFormContext>
  );
}
