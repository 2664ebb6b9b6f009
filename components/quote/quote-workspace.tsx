'use client';

import {
  useCallback,
  useEffect,
  useEffectEvent,
  useMemo,
  useRef,
  useState,
  type FormEvent,
} from 'react';
import { FormProvider, type FieldPath } from 'react-hook-form';
import { useTranslations } from 'use-intl';
import type { MapFrame } from '@/components/map/map-props';
import type { MapView } from '@/components/map/map-view';
import { QuoteMap } from '@/components/map/quote-map';
import { OfflineNotice } from '@/components/ui/offline-notice';
import { RequestError } from '@/components/ui/request-json';
import type { Quote } from '@/lib/quote/quote';
import { vouchedFor } from './address-provenance';
import { PinToolbar } from './pin-toolbar';
import { PointFieldset, type PointHandlers } from './point-fieldset';
import { isSessionOver, outsideStopOf, problemOf, type ResultState } from './quote-outcome';
import {
  draftKey,
  emptyDraft,
  MAX_DROPOFFS,
  parseRecent,
  pinOf,
  storageKeys,
  type LatLng,
  type QuoteDraftValues,
  type RecentQuote,
  type StoredDraft,
} from './quote-draft';
import { QuoteResult } from './quote-result';
import { RecentQuotes } from './recent-quotes';
import { ScreenHeader } from './screen-header';
import { stopColour } from './stop-colours';
import { nextStopToPlace, PICKUP, pinsOf, tripStops } from './trip-stops';
import { useFirstTouchWarmUp } from './use-first-touch-warm-up';
import { useGeolocation } from './use-geolocation';
import { useGuidedFocus } from './use-guided-focus';
import { takeQuoteToResume, useQuoteRequest } from './use-quote-request';
import { safeRead, useRecentQuotes } from './use-recent-quotes';
import { useStoredDraft } from './use-stored-draft';
import { useTripForm } from './use-trip-form';
import { ValidationSummary } from './validation-summary';
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
  /** Where the map opens (see app/page.tsx). */
  mapView: MapView;
}

/** The fingerprint of an empty screen (stop ids are not part of it). */
const EMPTY_KEY = draftKey(emptyDraft());

/** What "Limpiar" took away, until the dispatcher starts a new trip. */
interface ClearedScreen {
  stored: StoredDraft;
  shown: { quote: Quote; key: string } | null;
}

/** The whole quote screen: header, map, and the panel with the stops, their fields and the result. */
export function QuoteWorkspace({ user, config }: { user: ScreenUser; config: ScreenConfig }) {
  const t = useTranslations();
  const keys = useMemo(() => storageKeys(user.email), [user.email]);
  const { form, values, addresses, trip, currentKey, tripNow, provenanceNow } = useTripForm();
  const { getValues, reset, handleSubmit, setError } = form;
  const stops = tripStops(values);

  const [activeStop, setActiveStop] = useState<string>(PICKUP);
  const [shown, setShown] = useState<{ quote: Quote; key: string } | null>(null);
  const [frame, setFrame] = useState<MapFrame>({ seq: 0, points: [], onlyIfOutside: false });
  const [cleared, setCleared] = useState<ClearedScreen | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLElement>(null);
  const resumeAfterLoad = useRef(false);
  const focus = useGuidedFocus(formRef);
  const recent = useRecentQuotes(keys.recent);
  const geolocation = useGeolocation();
  useFirstTouchWarmUp();

  /** Brings every pin into view with room around it (all of them, or only when one is out). */
  const frameTrip = useCallback(
    (onlyIfOutside = false) =>
      setFrame((current) => ({ seq: current.seq + 1, points: pinsOf(getValues()), onlyIfOutside })),
    [getValues],
  );

  // ------------------------------------------------------------ quoting

  const mutation = useQuoteRequest({
    resumeKey: keys.resume,
    onQuoted: (quote, { key, values: quotedValues }) => {
      setShown({ quote, key });
      recent.add({ id: `${quote.quotedAt}-${Date.now()}`, values: quotedValues, quote });
      frameTrip();
    },
    onFieldErrors: (fields) => {
      for (const [path, message] of Object.entries(fields)) {
        setError(path as FieldPath<QuoteDraftValues>, { type: 'server', message });
      }
    },
    onSettled: () => resultRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }),
  });

  function submit(event?: FormEvent) {
    return handleSubmit(
      (request) => {
        const quoted = structuredClone(getValues());
        mutation.mutate({ request, values: quoted, key: draftKey(quoted) });
      },
      (errors) => focus.focusFirstInvalid(errors, getValues()),
    )(event);
  }
  const resumeQuote = useEffectEvent(() => void submit());

  // ------------------------------------------------------------ the draft on the device

  const restore = useCallback(
    (stored: StoredDraft) => {
      reset(stored.values);
      addresses.replace(stored.provenance);
      setActiveStop(stored.activeStop);
      frameTrip();
    },
    [addresses, frameTrip, reset, setActiveStop],
  );

  const onRestore = useCallback(
    (stored: StoredDraft | null) => {
      if (stored) {
        restore(stored);
        // A reload shows the last result again when it belongs to this very draft.
        const last = parseRecent(safeRead(keys.recent))[0];
        const key = draftKey(stored.values);
        if (last && draftKey(last.values) === key) setShown({ quote: last.quote, key });
      }
      resumeAfterLoad.current = takeQuoteToResume(keys.resume);
    },
    [keys, restore],
  );
  const loaded = useStoredDraft(
    keys.draft,
    { values, activeStop, provenance: addresses.provenance },
    onRestore,
  );

  useEffect(() => {
    if (loaded && resumeAfterLoad.current) {
      resumeAfterLoad.current = false;
      resumeQuote();
    }
  }, [loaded]);

  const lookingUp = Object.values(addresses.lookups).some((status) => status.state === 'loading');
  const { settleAfterLookup } = focus;
  useEffect(() => settleAfterLookup(trip, lookingUp));

  // ------------------------------------------------------------ actions

  const placeAt = useCallback(
    (key: string, at: LatLng, by: 'map' | 'text') => {
      addresses.placePin(key, at);
      setActiveStop(nextStopToPlace(getValues(), key));
      focus.setOpenStop(key);
      focus.focusAfterLookup(by === 'map');
      frameTrip(by === 'map');
    },
    [addresses, focus, frameTrip, getValues, setActiveStop],
  );

  const onMapTap = useCallback(
    (at: LatLng) => placeAt(activeStop, at, 'map'),
    [activeStop, placeAt],
  );
  const onPinMoved = useCallback((key: string, at: LatLng) => placeAt(key, at, 'map'), [placeAt]);

  const handlers = useMemo<PointHandlers>(
    () => ({
      onPick: (key, result) => {
        addresses.pickResult(key, result);
        setActiveStop(nextStopToPlace(getValues(), key));
        frameTrip();
        focus.focusNext(tripNow(), key);
      },
      onUseTyped: (key, typed) => {
        addresses.applyTypedStreet(key, typed);
        focus.focusNext(tripNow(), key);
      },
      onCoordinates: (key, at) => placeAt(key, at, 'text'),
      onTyped: addresses.typed,
      onKeepEarlier: addresses.keepEarlier,
      onClearEarlier: (key) => {
        addresses.clearEarlier(key);
        focus.focusNext(tripNow(), key);
      },
      onExpand: focus.setOpenStop,
      onMove: (key, step) => {
        addresses.moveDropoff(key, step);
        frameTrip();
      },
      onRemove: (key) => {
        addresses.removeDropoff(key);
        setActiveStop((current) => (current === key ? PICKUP : current));
        frameTrip();
      },
    }),
    [addresses, focus, frameTrip, getValues, placeAt, setActiveStop, tripNow],
  );

  function addStop() {
    const key = addresses.addDropoff();
    if (!key) return;
    setActiveStop(key);
    focus.focusStop(key);
  }

  function clear() {
    setCleared({
      stored: { values: structuredClone(getValues()), activeStop, provenance: provenanceNow() },
      shown,
    });
    reset(emptyDraft());
    addresses.replace();
    geolocation.dismiss();
    setActiveStop(PICKUP);
    setShown(null);
    mutation.reset();
  }

  function undoClear() {
    if (!cleared) return;
    restore(cleared.stored);
    setShown(cleared.shown);
    setCleared(null);
  }

  function openRecent(entry: RecentQuote) {
    reset(entry.values);
    addresses.replace(
      Object.fromEntries(tripStops(entry.values).map((stop) => [stop.key, vouchedFor(stop.point)])),
    );
    mutation.reset();
    setShown({ quote: entry.quote, key: draftKey(entry.values) });
    frameTrip();
    resultRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }

  // ------------------------------------------------------------ what the result card shows

  const failure =
    mutation.isError && mutation.variables?.key === currentKey && !isSessionOver(mutation.error)
      ? problemOf(mutation.error)
      : null;
  const outside = outsideStopOf(failure, mutation.error, values);
  const resultState: ResultState = failure
    ? {
        kind: 'problem',
        problem: failure,
        detail: mutation.error instanceof RequestError ? mutation.error.message : undefined,
        stopLetter: stops.find((stop) => stop.key === outside)?.letter,
      }
    : shown
      ? { kind: 'quote', quote: shown.quote, stale: shown.key !== currentKey }
      : { kind: 'empty', trip };

  const mapStops = stops.flatMap((stop) => {
    const at = pinOf(stop.point);
    if (!at) return [];
    const name =
      stop.role === 'pickup'
        ? t('map.pickupPin')
        : stops.length > 2
          ? t('map.dropoffPinLettered', { letter: stop.letter })
          : t('map.dropoffPin');
    return [
      {
        key: stop.key,
        letter: stop.letter,
        role: stop.role,
        colour: stopColour(stop.position),
        name,
        at,
      },
    ];
  });

  return (
    <div className={styles.screen}>
      <ScreenHeader userName={user.name} />

      <div className={styles.mapArea}>
        <QuoteMap
          tileUrl={config.tileUrl}
          tileAttribution={config.tileAttribution}
          showCoverage={config.builtinCourier}
          initialView={config.mapView}
          stops={mapStops}
          outside={outside}
          frame={frame}
          onTap={onMapTap}
          onPinMoved={onPinMoved}
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
              onUseMyLocation={() => geolocation.locate((at) => placeAt(PICKUP, at, 'text'))}
              locating={geolocation.locating}
              locationProblem={geolocation.problem}
              onSwap={() => {
                addresses.swap();
                frameTrip();
              }}
              onClear={clear}
              canSwap={mapStops.length > 0}
              canClear={currentKey !== EMPTY_KEY}
              onUndoClear={cleared && currentKey === EMPTY_KEY ? undoClear : null}
            />
            <QuoteResult
              ref={resultRef}
              state={resultState}
              pending={mutation.isPending}
              coverageKnown={config.builtinCourier}
              onRetry={() => void submit()}
            />
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
                  handlers={handlers}
                />
              ))}
            </div>
            <button
              type="button"
              className={`button ${styles.addStop}`}
              onClick={addStop}
              disabled={values.dropoffs.length >= MAX_DROPOFFS}
              aria-describedby={values.dropoffs.length >= MAX_DROPOFFS ? 'stops-full' : undefined}
            >
              <span aria-hidden="true">+</span> {t('pins.addStop')}
            </button>
            {values.dropoffs.length >= MAX_DROPOFFS && (
              <p id="stops-full" className="field-hint">
                {t('pins.stopsFull')}
              </p>
            )}
            <RecentQuotes recent={recent.recent} onOpen={openRecent} onClear={recent.clear} />
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
