'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import {
  startTransition,
  useCallback,
  useEffect,
  useEffectEvent,
  useMemo,
  useRef,
  useState,
  type FormEvent,
} from 'react';
import { FormProvider, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslations } from 'use-intl';
import { QuoteMap } from '@/components/map/quote-map';
import type { MapFocus } from '@/components/map/map-props';
import { SignOutButton } from '@/components/session/sign-out-button';
import { AppName } from '@/components/ui/app-name';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { OfflineNotice } from '@/components/ui/offline-notice';
import { RequestError, requestJson } from '@/components/ui/request-json';
import type { Quote } from '@/lib/quote/quote';
import type { QuoteRequest } from '@/lib/quote/schema';
import type { FoundAddress } from './address-search';
import { lazyQuoteResolver, loadQuoteResolver } from './lazy-quote-resolver';
import { PinToolbar } from './pin-toolbar';
import { PointFieldset } from './point-fieldset';
import {
  draftKey,
  emptyDraft,
  parseDraft,
  parseRecent,
  pinOf,
  storageKeys,
  type LatLng,
  type MapView,
  type PointKey,
  type QuoteDraftValues,
  type RecentQuote,
} from './quote-draft';
import { QuoteResult, type QuoteProblem, type ResultState } from './quote-result';
import { RecentQuotes } from './recent-quotes';
import { useGeolocation } from './use-geolocation';
import { safeRead, safeWrite, useRecentQuotes } from './use-recent-quotes';
import { useReverseGeocode } from './use-reverse-geocode';
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

interface QuoteAttempt {
  request: QuoteRequest;
  values: QuoteDraftValues;
  key: string;
}

const OTHER: Record<PointKey, PointKey> = { pickup: 'dropoff', dropoff: 'pickup' };

const KNOWN_PROBLEMS = new Set<string>([
  'pickup_out_of_coverage',
  'dropoff_out_of_coverage',
  'courier_rejected',
  'courier_unavailable',
  'courier_timeout',
  'courier_error',
  'rate_limited',
  'invalid_request',
  'offline',
]);

function problemOf(error: unknown): QuoteProblem {
  if (!(error instanceof RequestError)) return 'unknown';
  if (KNOWN_PROBLEMS.has(error.code)) return error.code as QuoteProblem;
  if (error.code === 'timeout') return 'courier_timeout';
  if (error.status >= 502) return 'courier_error';
  return 'unknown';
}

const isSessionOver = (error: unknown) => error instanceof RequestError && error.status === 401;

/** The whole quote screen: header, map, and the panel with pins, fields and the result. */
export function QuoteWorkspace({ user, config }: { user: ScreenUser; config: ScreenConfig }) {
  const t = useTranslations();
  const router = useRouter();
  const keys = useMemo(() => storageKeys(user.email), [user.email]);
  const form = useForm<QuoteDraftValues, unknown, QuoteRequest>({
    resolver: lazyQuoteResolver,
    defaultValues: emptyDraft(),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { control, getValues, setValue, reset, handleSubmit, setError } = form;
  const values = useWatch({ control }) as QuoteDraftValues;
  const pickup = pinOf(values.pickup);
  const dropoff = pinOf(values.dropoff);
  const currentKey = draftKey(values);

  const [activePin, setActivePin] = useState<PointKey>('pickup');
  const [loaded, setLoaded] = useState(false);
  const [shown, setShown] = useState<{ quote: Quote; key: string } | null>(null);
  const [focus, setFocus] = useState<MapFocus>({ seq: 0, points: [] });
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLElement>(null);
  const resumeAfterLoad = useRef(false);
  const recent = useRecentQuotes(keys.recent);
  const geolocation = useGeolocation();

  const writeOptions = useCallback(
    () => ({ shouldDirty: true, shouldValidate: form.formState.isSubmitted }),
    [form],
  );

  const fillAddress = useCallback(
    (key: PointKey, address: FoundAddress) => {
      const options = writeOptions();
      // A geocoder that knows only the colonia must not wipe the street the dispatcher typed.
      if (address.street) {
        setValue(`${key}.street`, address.street, options);
        setValue(`${key}.exteriorNumber`, address.exteriorNumber, options);
      }
      if (address.neighborhood) setValue(`${key}.neighborhood`, address.neighborhood, options);
      if (address.zipCode) setValue(`${key}.zipCode`, address.zipCode, options);
    },
    [setValue, writeOptions],
  );

  const geocode = useReverseGeocode(
    useCallback(
      (key: PointKey, address: FoundAddress, at: LatLng) => {
        const pin = pinOf(getValues(key));
        if (pin && pin.lat === at.lat && pin.lng === at.lng) fillAddress(key, address);
      },
      [fillAddress, getValues],
    ),
  );

  const bringIntoView = useCallback(
    (key: PointKey, at: LatLng) => {
      const other = pinOf(getValues(OTHER[key]));
      setFocus((current) => ({ seq: current.seq + 1, points: other ? [at, other] : [at] }));
    },
    [getValues],
  );

  const placePin = useCallback(
    (key: PointKey, at: LatLng, { pan = false, lookup = true } = {}) => {
      const options = writeOptions();
      setValue(`${key}.lat`, at.lat, options);
      setValue(`${key}.lng`, at.lng, options);
      if (lookup) void geocode.lookup(key, at);
      if (pan) bringIntoView(key, at);
      // With one pin placed, the next tap goes to the other one.
      if (!pinOf(getValues(OTHER[key]))) setActivePin(OTHER[key]);
    },
    [bringIntoView, geocode, getValues, setValue, writeOptions],
  );

  // ------------------------------------------------------------ quoting

  const mutation = useMutation<{ quote: Quote }, Error, QuoteAttempt>({
    mutationFn: ({ request }) =>
      requestJson<{ quote: Quote }>('/api/quote', {
        method: 'POST',
        body: request,
        timeoutMs: 30_000,
      }),
    onSuccess: ({ quote }, { key, values: quotedValues }) => {
      setShown({ quote, key });
      recent.add({
        id: `${quote.quotedAt}-${key.length}-${Date.now()}`,
        values: quotedValues,
        quote,
      });
      resultRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    },
    onError: (error) => {
      if (isSessionOver(error)) {
        // The draft is already on the device; after signing in, the quote is asked again.
        try {
          sessionStorage.setItem(keys.resume, '1');
        } catch {
          // Without sessionStorage the dispatcher presses Cotizar once more.
        }
        router.replace('/sign-in?reason=expired');
        return;
      }
      if (error instanceof RequestError && error.code === 'invalid_request' && error.fields) {
        for (const [path, message] of Object.entries(error.fields)) {
          setError(path as FieldPath<QuoteDraftValues>, { type: 'server', message });
        }
      }
      resultRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    },
  });

  const focusFirstInvalid = useCallback(() => {
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );
  }, []);

  function submit(event?: FormEvent) {
    return handleSubmit(
      (request) => {
        const quoted = structuredClone(getValues());
        mutation.mutate({ request, values: quoted, key: draftKey(quoted) });
      },
      () => focusFirstInvalid(),
    )(event);
  }
  const resumeQuote = useEffectEvent(() => void submit());

  // ------------------------------------------------------------ the draft on the device

  // Storage exists only in the browser: the draft is restored once, right after the first render.
  // As a transition: the re-render it causes yields to the browser every few milliseconds instead
  // of holding the main thread while the screen is still starting up.
  useEffect(() => {
    startTransition(() => {
      const draft = parseDraft(safeRead(keys.draft));
      if (draft) {
        reset(draft.values);
        setActivePin(draft.activePin);
        const pins = [pinOf(draft.values.pickup), pinOf(draft.values.dropoff)].filter(
          (pin): pin is LatLng => pin !== null,
        );
        if (pins.length) setFocus({ seq: 1, points: pins });
        // A reload shows the last result again when it belongs to this very draft.
        const last = parseRecent(safeRead(keys.recent))[0];
        const key = draftKey(draft.values);
        if (last && draftKey(last.values) === key) setShown({ quote: last.quote, key });
      }
      try {
        if (sessionStorage.getItem(keys.resume)) {
          sessionStorage.removeItem(keys.resume);
          resumeAfterLoad.current = true;
        }
      } catch {
        // No sessionStorage: nothing to resume.
      }
      setLoaded(true);
    });
  }, [keys, reset]);

  // What the first "Cotizar" needs (the schema, the result's figures) is fetched at the dispatcher's
  // first touch, key or focus: long before two pins are placed, yet never while the screen starts.
  useEffect(() => {
    const events = ['pointerdown', 'keydown', 'focusin'] as const;
    const warm = () => {
      for (const event of events) window.removeEventListener(event, warm, true);
      void Promise.all([loadQuoteResolver(), import('./quote-figures')]).catch(() => {
        // Offline right now: they load on the first "Cotizar" instead.
      });
    };
    for (const event of events) window.addEventListener(event, warm, true);
    return () => {
      for (const event of events) window.removeEventListener(event, warm, true);
    };
  }, []);

  useEffect(() => {
    if (!loaded) return;
    safeWrite(keys.draft, JSON.stringify({ values, activePin }));
  }, [values, activePin, loaded, keys]);

  useEffect(() => {
    if (loaded && resumeAfterLoad.current) {
      resumeAfterLoad.current = false;
      resumeQuote();
    }
  }, [loaded]);

  // ------------------------------------------------------------ actions

  const onMapTap = useCallback((at: LatLng) => placePin(activePin, at), [activePin, placePin]);
  const onPinMoved = useCallback((key: PointKey, at: LatLng) => placePin(key, at), [placePin]);

  const onPick = useCallback(
    (key: PointKey, address: FoundAddress) => {
      geocode.forget(key);
      placePin(key, { lat: address.lat, lng: address.lng }, { pan: true, lookup: false });
      fillAddress(key, address);
    },
    [fillAddress, geocode, placePin],
  );

  const onCoordinates = useCallback(
    (key: PointKey, at: LatLng) => placePin(key, at, { pan: true }),
    [placePin],
  );

  function locateMe() {
    geolocation.locate((at) => placePin('pickup', at, { pan: true }));
  }

  function swap() {
    const current = getValues();
    const options = writeOptions();
    setValue('pickup', current.dropoff, options);
    setValue('dropoff', current.pickup, options);
    geocode.swap();
  }

  function clear() {
    reset(emptyDraft());
    geocode.forget();
    geolocation.dismiss();
    setActivePin('pickup');
    setShown(null);
    mutation.reset();
  }

  function openRecent(entry: RecentQuote) {
    reset(entry.values);
    geocode.forget();
    mutation.reset();
    setShown({ quote: entry.quote, key: draftKey(entry.values) });
    const pins = [pinOf(entry.values.pickup), pinOf(entry.values.dropoff)].filter(
      (pin): pin is LatLng => pin !== null,
    );
    setFocus((current) => ({ seq: current.seq + 1, points: pins }));
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
      : { kind: 'empty', pickupPlaced: Boolean(pickup), dropoffPlaced: Boolean(dropoff) };

  const hasErrors = Object.keys(form.formState.errors).length > 0;
  const locationMessage = geolocation.problem
    ? t(
        geolocation.problem === 'denied'
          ? 'pins.locationDenied'
          : geolocation.problem === 'timeout'
            ? 'pins.locationTimeout'
            : geolocation.problem === 'unsupported'
              ? 'pins.locationUnsupported'
              : 'pins.locationUnavailable',
      )
    : null;

  return (
    <div className={styles.screen}>
      <header className={styles.header}>
        <a href="#quote-panel" className={styles.skipLink}>
          {t('app.skipToForm')}
        </a>
        <p className={styles.brand}>
          <span className={styles.brandLong}>
            <AppName />
          </span>
          <span className={styles.brandShort}>
            <AppName short />
          </span>
        </p>
        <p className={styles.user}>{t('header.signedInAs', { name: user.name })}</p>
        <div className={styles.headerActions}>
          <LanguageSwitch className={styles.headerButton} />
          <SignOutButton className={styles.headerButton} />
        </div>
      </header>

      <div className={styles.mapArea}>
        <QuoteMap
          tileUrl={config.tileUrl}
          tileAttribution={config.tileAttribution}
          showCoverage={config.builtinCourier}
          initialView={config.mapView}
          pickup={pickup}
          dropoff={dropoff}
          outside={outside}
          focus={focus}
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
            <div className={styles.top}>
              <PinToolbar
                activePin={activePin}
                onActivePinChange={setActivePin}
                onUseMyLocation={locateMe}
                locating={geolocation.locating}
                onSwap={swap}
                onClear={clear}
                canSwap={Boolean(pickup || dropoff)}
                canClear={Boolean(pickup || dropoff) || form.formState.isDirty}
                locationMessage={locationMessage}
              />
              <QuoteResult
                ref={resultRef}
                state={resultState}
                pending={mutation.isPending}
                onRetry={() => void submit()}
              />
            </div>
            <div className={styles.points}>
              {(['pickup', 'dropoff'] as const).map((key) => (
                <PointFieldset
                  key={key}
                  pointKey={key}
                  lookup={geocode.status[key]}
                  outside={outside === key}
                  near={pinOf(values[key]) ?? pinOf(values[OTHER[key]])}
                  onPick={onPick}
                  onCoordinates={onCoordinates}
                />
              ))}
            </div>
            <RecentQuotes recent={recent.recent} onOpen={openRecent} onClear={recent.clear} />
          </div>
          <div className={styles.submitBar}>
            {hasErrors && (
              <p role="alert" className={styles.summary}>
                {t('validation.summary')}
              </p>
            )}
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
