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
import { FormProvider, useForm, useWatch, type FieldErrors, type FieldPath } from 'react-hook-form';
import { useTranslations } from 'use-intl';
import { QuoteMap } from '@/components/map/quote-map';
import type { MapFrame } from '@/components/map/map-props';
import { OfflineNotice } from '@/components/ui/offline-notice';
import { RequestError } from '@/components/ui/request-json';
import type { AddressField, SearchResult, TypedStreet } from '@/lib/geocoding/answers';
import type { Quote } from '@/lib/quote/quote';
import type { QuoteRequest } from '@/lib/quote/schema';
import { ADDRESS_FIELDS, vouchedFor } from './address-provenance';
import { focusFormField, isTyping } from './form-focus';
import { quoteResolver } from './lazy-quote-resolver';
import { PinToolbar } from './pin-toolbar';
import { PointFieldset, type PointHandlers } from './point-fieldset';
import {
  draftKey,
  emptyDraft,
  parseRecent,
  pinOf,
  POINT_KEYS,
  storageKeys,
  type DraftProvenance,
  type LatLng,
  type MapView,
  type PointKey,
  type QuoteDraftValues,
  type RecentQuote,
  type StoredDraft,
} from './quote-draft';
import { QuoteResult, type ResultState } from './quote-result';
import { RecentQuotes } from './recent-quotes';
import { ScreenHeader } from './screen-header';
import { nextFieldToFill, tripReadiness, type FieldPath as TripField } from './trip-readiness';
import { useFirstTouchWarmUp } from './use-first-touch-warm-up';
import { useGeolocation } from './use-geolocation';
import { createProvenanceStore, earlierOf, usePointAddresses } from './use-point-addresses';
import { isSessionOver, problemOf, takeQuoteToResume, useQuoteRequest } from './use-quote-request';
import { safeRead, useRecentQuotes } from './use-recent-quotes';
import { useStoredDraft } from './use-stored-draft';
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

const OTHER: Record<PointKey, PointKey> = { pickup: 'dropoff', dropoff: 'pickup' };
const EMPTY_KEY = draftKey(emptyDraft());

/** What "Limpiar todo" took away, until the dispatcher starts a new trip. */
interface ClearedScreen {
  values: QuoteDraftValues;
  provenance: DraftProvenance;
  activePin: PointKey;
  shown: { quote: Quote; key: string } | null;
}

/** The whole quote screen: header, map, and the panel with pins, fields and the result. */
export function QuoteWorkspace({ user, config }: { user: ScreenUser; config: ScreenConfig }) {
  const t = useTranslations('quote');
  const keys = useMemo(() => storageKeys(user.email), [user.email]);
  const [provenanceStore] = useState(createProvenanceStore);
  const resolver = useMemo(
    () => quoteResolver(() => earlierOf(provenanceStore.get())),
    [provenanceStore],
  );
  const form = useForm<QuoteDraftValues, unknown, QuoteRequest>({
    resolver,
    defaultValues: emptyDraft(),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { control, getValues, reset, handleSubmit, setError } = form;
  const values = useWatch({ control }) as QuoteDraftValues;
  const addresses = usePointAddresses(form, provenanceStore);
  const pickup = pinOf(values.pickup);
  const dropoff = pinOf(values.dropoff);
  const currentKey = draftKey(values);
  const trip = tripReadiness(values, addresses.earlier);

  const [activePin, setActivePin] = useState<PointKey>('pickup');
  const [shown, setShown] = useState<{ quote: Quote; key: string } | null>(null);
  const [frame, setFrame] = useState<MapFrame>({ seq: 0, points: [], onlyIfOutside: false });
  const [cleared, setCleared] = useState<ClearedScreen | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLElement>(null);
  const resumeAfterLoad = useRef(false);
  // Set by a pin the dispatcher put on the map: once its address is in, the focus goes to the
  // first field still to write.
  const focusAfterLookup = useRef(false);
  const recent = useRecentQuotes(keys.recent);
  const geolocation = useGeolocation();
  useFirstTouchWarmUp();

  const goTo = useCallback((path: TripField) => focusFormField(formRef.current, path), []);

  /** Brings every pin into view with room around it (all of them, or only when one is out). */
  const frameTrip = useCallback(
    (onlyIfOutside = false) => {
      const points = POINT_KEYS.map((key) => pinOf(getValues(key))).filter(
        (point): point is LatLng => point !== null,
      );
      setFrame((current) => ({ seq: current.seq + 1, points, onlyIfOutside }));
    },
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

  function focusFirstInvalid(errors: FieldErrors<QuoteDraftValues>) {
    for (const key of POINT_KEYS) {
      const field = ADDRESS_FIELDS.find((name) => errors[key]?.[name]);
      const path = field ? `${key}.${field}` : errors[key] ? `${key}.coordinates` : null;
      if (path) {
        requestAnimationFrame(() => goTo(path as TripField));
        return;
      }
    }
  }

  function submit(event?: FormEvent) {
    return handleSubmit((request) => {
      const quoted = structuredClone(getValues());
      mutation.mutate({ request, values: quoted, key: draftKey(quoted) });
    }, focusFirstInvalid)(event);
  }
  const resumeQuote = useEffectEvent(() => void submit());

  // ------------------------------------------------------------ the draft on the device

  const onRestore = useCallback(
    (stored: StoredDraft | null) => {
      if (stored) {
        reset(stored.values);
        addresses.replace(stored.provenance);
        setActivePin(stored.activePin);
        frameTrip();
        // A reload shows the last result again when it belongs to this very draft.
        const last = parseRecent(safeRead(keys.recent))[0];
        const key = draftKey(stored.values);
        if (last && draftKey(last.values) === key) setShown({ quote: last.quote, key });
      }
      resumeAfterLoad.current = takeQuoteToResume(keys.resume);
    },
    [addresses, frameTrip, keys, reset],
  );
  const loaded = useStoredDraft(
    keys.draft,
    { values, activePin, provenance: addresses.provenance },
    onRestore,
  );

  useEffect(() => {
    if (loaded && resumeAfterLoad.current) {
      resumeAfterLoad.current = false;
      resumeQuote();
    }
  }, [loaded]);

  // Both pins placed by the dispatcher and their addresses in: the keyboard goes to what is left.
  const lookingUp = POINT_KEYS.some((key) => addresses.lookups[key].state === 'loading');
  useEffect(() => {
    if (!focusAfterLookup.current || lookingUp || !pickup || !dropoff) return;
    focusAfterLookup.current = false;
    const next = nextFieldToFill(trip);
    if (next && !isTyping()) goTo(next);
  });

  // ------------------------------------------------------------ actions

  const placeAt = useCallback(
    (key: PointKey, at: LatLng, by: 'map' | 'text') => {
      addresses.placePin(key, at);
      // With one pin placed, the next tap goes to the other one.
      if (!pinOf(getValues(OTHER[key]))) setActivePin(OTHER[key]);
      focusAfterLookup.current = by === 'map';
      frameTrip(by === 'map');
    },
    [addresses, frameTrip, getValues],
  );

  const onMapTap = useCallback((at: LatLng) => placeAt(activePin, at, 'map'), [activePin, placeAt]);
  const onPinMoved = useCallback((key: PointKey, at: LatLng) => placeAt(key, at, 'map'), [placeAt]);

  /** After a search pick, the point's first field still to write takes the focus. */
  const focusNextOf = useCallback(
    (key: PointKey) => {
      const next = nextFieldToFill(
        tripReadiness(getValues(), earlierOf(provenanceStore.get())),
        key,
      );
      requestAnimationFrame(() => {
        if (next) goTo(next);
      });
    },
    [getValues, goTo, provenanceStore],
  );

  const handlers = useMemo<PointHandlers>(
    () => ({
      onPick: (key: PointKey, result: SearchResult) => {
        addresses.pickResult(key, result);
        if (!pinOf(getValues(OTHER[key]))) setActivePin(OTHER[key]);
        frameTrip();
        focusNextOf(key);
      },
      onUseTyped: (key: PointKey, typed: TypedStreet) => {
        addresses.applyTypedStreet(key, typed);
        focusNextOf(key);
      },
      onCoordinates: (key: PointKey, at: LatLng) => placeAt(key, at, 'text'),
      onTyped: (key: PointKey, field: AddressField, value: string) =>
        addresses.typed(key, field, value),
      onKeepEarlier: addresses.keepEarlier,
      onClearEarlier: (key: PointKey) => {
        addresses.clearEarlier(key);
        focusNextOf(key);
      },
    }),
    [addresses, focusNextOf, frameTrip, getValues, placeAt],
  );

  function locateMe() {
    geolocation.locate((at) => placeAt('pickup', at, 'text'));
  }

  function swap() {
    addresses.swap();
    frameTrip();
  }

  function clear() {
    setCleared({
      values: structuredClone(getValues()),
      provenance: provenanceStore.get(),
      activePin,
      shown,
    });
    reset(emptyDraft());
    addresses.replace();
    geolocation.dismiss();
    setActivePin('pickup');
    setShown(null);
    mutation.reset();
  }

  function undoClear() {
    if (!cleared) return;
    reset(cleared.values);
    addresses.replace(cleared.provenance);
    setActivePin(cleared.activePin);
    setShown(cleared.shown);
    setCleared(null);
    frameTrip();
  }

  function openRecent(entry: RecentQuote) {
    reset(entry.values);
    addresses.replace({
      pickup: vouchedFor(entry.values.pickup),
      dropoff: vouchedFor(entry.values.dropoff),
    });
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
  const outside: PointKey | null =
    failure === 'pickup_out_of_coverage'
      ? 'pickup'
      : failure === 'dropoff_out_of_coverage'
        ? 'dropoff'
        : null;
  const resultState: ResultState = failure
    ? {
        kind: 'problem',
        problem: failure,
        detail: mutation.error instanceof RequestError ? mutation.error.message : undefined,
      }
    : shown
      ? { kind: 'quote', quote: shown.quote, stale: shown.key !== currentKey }
      : { kind: 'empty', trip };

  return (
    <div className={styles.screen}>
      <ScreenHeader userName={user.name} />

      <div className={styles.mapArea}>
        <QuoteMap
          tileUrl={config.tileUrl}
          tileAttribution={config.tileAttribution}
          showCoverage={config.builtinCourier}
          initialView={config.mapView}
          pickup={pickup}
          dropoff={dropoff}
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
          aria-label={t('resultTitle')}
        >
          <div className={styles.panelBody}>
            <OfflineNotice />
            <PinToolbar
              activePin={activePin}
              onActivePinChange={setActivePin}
              onUseMyLocation={locateMe}
              locating={geolocation.locating}
              locationProblem={geolocation.problem}
              onSwap={swap}
              onClear={clear}
              canSwap={Boolean(pickup || dropoff)}
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
              {POINT_KEYS.map((key) => (
                <PointFieldset
                  key={key}
                  pointKey={key}
                  lookup={addresses.lookups[key]}
                  readiness={trip[key]}
                  outside={outside === key}
                  near={pinOf(values[key]) ?? pinOf(values[OTHER[key]])}
                  handlers={handlers}
                />
              ))}
            </div>
            <RecentQuotes recent={recent.recent} onOpen={openRecent} onClear={recent.clear} />
          </div>
          <div className={styles.submitBar}>
            <ValidationSummary onGoTo={goTo} />
            <button
              type="submit"
              className={`button button-primary ${styles.submit}`}
              disabled={mutation.isPending}
            >
              {mutation.isPending ? t('submitting') : t('submit')}
            </button>
          </div>
        </form>
      </FormProvider>
    </div>
  );
}
