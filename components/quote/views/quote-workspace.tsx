'use client';

import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { FormProvider, type FieldPath } from 'react-hook-form';
import { useTranslations } from 'use-intl';
import type { MapFrame } from '@/components/map/map-props';
import type { MapView } from '@/components/map/map-view';
import type { RouteView } from '@/components/map/use-trip-route';
import { QuoteMap } from '@/components/map/quote-map';
import { OfflineNotice } from '@/components/ui/offline-notice';
import { ValidationSummary } from './validation-summary-slot';
import { AddStopButton } from './add-stop-button';
import { useMapStops } from './map-stops';
import { PinToolbar } from './pin-toolbar';
import { PointFieldset } from './point-fieldset';
import { isSessionOver, outsideStopOf, problemOf, resultStateOf } from '../trip/quote-outcome';
import { draftKey, MAX_DROPOFFS, pinOf, type QuoteDraftValues } from '../trip/draft';
import { storageKeys } from '../trip/draft-storage';
import { QuoteResult } from './quote-result';
import { RecentQuotes } from './recent-quotes';
import { ScreenHeader } from './screen-header';
import { PICKUP, pinsOf, tripStops } from '../trip/trip-stops';
import { useFirstTouchWarmUp } from '../effects/use-first-touch-warm-up';
import { useGeolocation } from '../effects/use-geolocation';
import { useGuidedFocus } from '../effects/use-guided-focus';
import { useOfflineQueue } from '../effects/use-offline-queue';
import { useDraftOnDevice } from '../effects/use-draft-on-device';
import { useQuoteRequest } from '../effects/use-quote-request';
import { useRecentQuotes } from '../effects/use-recent-quotes';
import { useSavedPlaces } from '../effects/use-saved-places';
import { useTripActions } from '../effects/use-trip-actions';
import { useTripForm } from '../store/use-trip-form';
import { useWholeTrip, type ShownQuote } from '../effects/use-whole-trip';
import styles from './quote-screen.module.css';

export interface ScreenUser {
  email: string;
  name: string;
  zone?: string;
}

export interface ScreenConfig {
  tileUrl: string;
  tileAttribution: string;
  builtinCourier: boolean;
  /** A road router is configured (ROUTER is not none): the map draws routes along the roads. */
  roadRoutes: boolean;
  /** Where the map opens (see app/page.tsx). */
  mapView: MapView;
  /** How long a quote is shown as valid (QUOTE_VALIDITY). */
  quoteValiditySeconds: number;
}

/** The whole quote screen: header, map, and the panel with the stops, their fields and the result. */
export function QuoteWorkspace({ user, config }: { user: ScreenUser; config: ScreenConfig }) {
  const t = useTranslations();
  const keys = useMemo(() => storageKeys(user.email), [user.email]);
  const { form, values, addresses, trip, currentKey, tripNow, provenanceNow } = useTripForm();
  const { getValues, handleSubmit, setError } = form;
  const stops = tripStops(values);

  const [activeStop, setActiveStop] = useState<string>(PICKUP);
  const [shown, setShown] = useState<ShownQuote | null>(null);
  const [frame, setFrame] = useState<MapFrame>({ seq: 0, points: [], onlyIfOutside: false });
  /** What the map draws between the pins: the road route, or straight lines and why. */
  const [routeView, setRouteView] = useState<RouteView | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLElement>(null);
  const focus = useGuidedFocus(formRef);
  const recent = useRecentQuotes(keys.recent);
  const places = useSavedPlaces(keys.places);
  const geolocation = useGeolocation();
  useFirstTouchWarmUp();

  /** Brings every pin into view with room around it (all of them, or only when one is out). */
  const frameTrip = useCallback(
    (onlyIfOutside = false) =>
      setFrame((current) => ({ seq: current.seq + 1, points: pinsOf(getValues()), onlyIfOutside })),
    [getValues],
  );
  const actions = useTripActions({
    addresses,
    focus,
    getValues,
    tripNow,
    activeStop,
    setActiveStop,
    frameTrip,
  });

  // ------------------------------------------------------------ quoting

  const mutation = useQuoteRequest({
    resumeKey: keys.resume,
    onQuoted: (quote, { key, values: quotedValues }) => {
      setShown({ quote, key, values: quotedValues });
      recent.add({ values: quotedValues, quote });
      frameTrip();
    },
    onFieldErrors: (fields) => {
      for (const [path, message] of Object.entries(fields)) {
        setError(path as FieldPath<QuoteDraftValues>, { type: 'server', message });
      }
    },
    onOffline: (attempt) => offline.queue(attempt),
    onSettled: () => resultRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }),
  });
  const offline = useOfflineQueue({ currentKey, send: mutation.mutate });

  function submit(event?: FormEvent) {
    return handleSubmit(
      (request) => {
        const quoted = structuredClone(getValues());
        const attempt = { request, values: quoted, key: draftKey(quoted) };
        // Without a network it waits, said plainly, and goes once the network is back.
        if (offline.online) {
          offline.drop();
          mutation.mutate(attempt);
        } else {
          mutation.reset();
          offline.queue(attempt);
        }
      },
      (errors) => focus.focusFirstInvalid(errors, getValues()),
    )(event);
  }

  const whole = useWholeTrip({
    form,
    addresses,
    provenanceNow,
    activeStop,
    setActiveStop,
    shown,
    setShown,
    frameTrip,
    onCleared: () => {
      geolocation.dismiss();
      mutation.reset();
    },
    currentKey,
  });

  useDraftOnDevice({
    keys,
    draft: { values, activeStop, provenance: addresses.provenance },
    restore: whole.restore,
    setShown,
    resume: () => void submit(),
  });

  const lookingUp = Object.values(addresses.lookups).some((status) => status.state === 'loading');
  const { settleAfterLookup } = focus;
  useEffect(() => settleAfterLookup(trip, lookingUp));

  // ------------------------------------------------------------ what the screen shows

  const failure =
    mutation.isError && mutation.variables?.key === currentKey && !isSessionOver(mutation.error)
      ? problemOf(mutation.error)
      : null;
  const outside = outsideStopOf(failure, mutation.error, values);
  const mapStops = useMapStops(stops);
  const resultState = resultStateOf({
    failure,
    error: mutation.error,
    outside,
    trip,
    shown,
    currentKey,
    queued: offline.queued,
  });
  const freshQuote = resultState.kind === 'quote' && !resultState.stale;

  return (
    <div className={styles.screen}>
      <ScreenHeader userName={user.name} />

      <div className={styles.mapArea}>
        <QuoteMap
          tileUrl={config.tileUrl}
          tileAttribution={config.tileAttribution}
          showCoverage={config.builtinCourier}
          roadRoutes={config.roadRoutes}
          initialView={config.mapView}
          stops={mapStops}
          outside={outside}
          frame={frame}
          onTap={actions.onMapTap}
          onPinMoved={actions.onPinMoved}
          onRouteChange={setRouteView}
        />
      </div>

      <FormProvider {...form}>
        <form
          ref={formRef}
          id="quote-panel"
          tabIndex={-1}
          className={styles.panel}
          onSubmit={submit}
          noValidate
          aria-label={t('quote.resultTitle')}
        >
          <div className={styles.panelBody}>
            <OfflineNotice />
            <PinToolbar
              stops={stops}
              activeStop={activeStop}
              onActiveStopChange={setActiveStop}
              onUseMyLocation={() =>
                geolocation.locate((at) => actions.placeAt(PICKUP, at, 'text'))
              }
              locating={geolocation.locating}
              locationProblem={geolocation.problem}
              onSwap={actions.swap}
              onClear={whole.clear}
              canSwap={mapStops.length > 0}
              canClear={!whole.isEmpty}
              onUndoClear={whole.undoClear}
            />
            <QuoteResult
              ref={resultRef}
              state={resultState}
              pending={mutation.isPending}
              coverageKnown={config.builtinCourier}
              route={{ roadRoutes: config.roadRoutes, view: freshQuote ? routeView : null }}
              validitySeconds={config.quoteValiditySeconds}
              onRetry={() => void submit()}
              onNew={whole.clear}
            />
            {/* A boundary of its own: React sends a boundary larger than ~12.8 KB of HTML apart,
                hidden until a script reveals it. The stops' fields are the bulk of the screen's
                HTML; kept apart, the header and the map's preview stay in the page as it
                arrives, drawn before any script has run. */}
            <Suspense>
              <div className={styles.points}>
                {trip.map((readiness, index) => (
                  <PointFieldset
                    key={readiness.stop.key}
                    readiness={readiness}
                    lookup={addresses.lookups[readiness.stop.key] ?? { state: 'idle' }}
                    outside={outside === readiness.stop.key}
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
            </Suspense>
            <AddStopButton full={values.dropoffs.length >= MAX_DROPOFFS} onAdd={actions.addStop} />
            <RecentQuotes
              recent={recent.recent}
              validitySeconds={config.quoteValiditySeconds}
              onOpen={(entry) => {
                whole.openRecent(entry);
                resultRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
              }}
              onClear={recent.clear}
            />
          </div>
          <div className={styles.submitBar}>
            <ValidationSummary onGoTo={(path) => focus.goToPath(path, getValues())} />
            <button
              type="submit"
              className={`button button-primary ${styles.submit}`}
              disabled={mutation.isPending}
            >
              {mutation.isPending ? t('quote.submitting') : t('quote.submit')}
            </button>
          </div>
        </form>
      </FormProvider>
    </div>
  );
}
