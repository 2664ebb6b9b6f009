'use client';

import {
  memo,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
} from 'react';
import type { RouteView } from '../trip/route-view';
import type { QuoteMapProps } from '@/components/map/map-props';
import { QuoteMap } from '@/components/map/quote-map';
import { afterPaint, useAfterPaint } from '../effects/after-paint';
import { useDraftOnDevice } from '../effects/use-draft-on-device';
import { retypeEarlyTyping } from '../effects/early-typing';
import { useFirstTouchWarmUp } from './use-first-touch-warm-up';
import { useGeolocation } from '../effects/use-geolocation';
import { useGuidedFocus } from '../effects/use-guided-focus';
import { useQuoting } from '../effects/use-quoting';
import { useRecentQuotes } from '../effects/use-recent-quotes';
import { useTripActions } from '../effects/use-trip-actions';
import { isLookingUp, readinessOf } from '../store/trip-state';
import { TripStoreContext, useTrip, useTripSlice } from '../store/use-trip';
import { useTripForm } from '../effects/use-trip-form';
import { storageKeys } from '../trip/draft-storage';
import { sharedReadiness, type TripReadiness } from '../trip/trip-readiness';
import { isSessionOver, outsideStopOf, problemOf } from '../trip/quote-outcome';
import { tripStops } from '../trip/trip-stops';
import { parseCoordinates } from '../trip/coordinates';
import { approximationsOf } from '../trip/approximate-point';
import { useMapStops } from './map-stops';
import { QuotePanel } from './quote-panel';
import type { ScreenConfig, ScreenUser } from './screen-config';
import { ScreenHeader } from './screen-header';
import { useCoverageAtPoint } from './stop-coverage';
import { UndoChangeNotice } from './undo-change-notice';
import { scrollBehavior } from '@/components/ui/motion';
import styles from './styles';

/**
 * The map draws again only when what it shows changed, not for every answer; it frames the trip
 * (after a quote, a swap, a draft restored) once the frame showing the change has been painted.
 */
const TripMap = memo(function TripMap(props: Omit<QuoteMapProps, 'frame'>) {
  const frame = useAfterPaint(useTrip((state) => state.frame));
  return <MapOnceChanged {...props} frame={frame} />;
});

/**
 * Not drawn again while the frame asked for waits for the paint: every draw of the pins measures
 * them (use-tags-inside.ts), which makes the browser lay out the page before it could paint.
 */
const MapOnceChanged = memo(QuoteMap);

/**
 * Each screen's last trip readiness (by its store), so that a stop whose readiness reads the same
 * keeps the same object from one change of the trip to the next (sharedReadiness).
 */
const lastReadiness = new WeakMap<object, TripReadiness>();

/**
 * The whole quote screen: header, map, and the panel with the stops, their fields and the result.
 * It makes the trip's form and store (store/use-trip-form.ts), starts the effects that talk to
 * them (effects/), and hands the views what they draw.
 */
export function QuoteWorkspace({ user, config }: { user: ScreenUser; config: ScreenConfig }) {
  const keys = useMemo(() => storageKeys(user.email), [user.email]);
  const { form, store } = useTripForm();
  const values = useTripSlice(store, (state) => state.values);
  const provenance = useTripSlice(store, (state) => state.provenance);
  const lookingUp = useTripSlice(store, isLookingUp);
  const trip = useMemo(() => {
    const next = sharedReadiness(
      lastReadiness.get(store),
      readinessOf({ ...store.get(), values, provenance }),
    );
    lastReadiness.set(store, next);
    return next;
  }, [store, values, provenance]);

  /** What the map draws between the pins: the road route, or straight lines and why. */
  const [routeView, setRouteView] = useState<RouteView | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLElement>(null);
  const focus = useGuidedFocus(formRef);
  const recent = useRecentQuotes(keys.recent);
  const geolocation = useGeolocation();
  const actions = useTripActions(store, focus);
  useFirstTouchWarmUp();

  // In the frame that draws the result: asked for before React has drawn it, the browser would
  // lay the page out once for the old card and again for the new one. Its top, where the total
  // is: a card taller than the phone's panel, reached from the fields below it, would otherwise
  // show its bottom (e2e/in-view.spec.ts).
  const showResult = () =>
    requestAnimationFrame(() =>
      resultRef.current?.scrollIntoView({ block: 'start', behavior: scrollBehavior() }),
    );
  const quoting = useQuoting({
    form,
    store,
    resumeKey: keys.resume,
    onAnswered: (quoted) => {
      // Written to the device once the price is painted: the list is read and rewritten in
      // storage, and it is not what the dispatcher looks at now.
      if (quoted) afterPaint(() => recent.add(quoted));
      showResult();
    },
  });
  const coverage = useCoverageAtPoint(values, config.builtinCourier);
  function submit(event?: FormEvent) {
    // "Cotizar" is the dispatcher's own next step: a pin's address that comes in afterwards no
    // longer sends the keyboard (and the view) to the next empty field, away from what this shows.
    focus.focusAfterLookup(false);
    // Coverage first: a stop the courier would refuse is said before any field is asked for.
    if (coverage.refusalOf(store.get().values)) {
      event?.preventDefault();
      showResult();
      return;
    }
    // react-hook-form marks the form as submitting before it validates: an update of the whole
    // screen that React drew first, in one piece, while the request waited behind it (the trace of
    // bench/trace-tap.mjs). As a transition it is drawn after the request has left.
    startTransition(() => {
      void form.handleSubmit(quoting.send, (errors) =>
        focus.focusFirstInvalid(errors, store.get().values),
      )(event);
    });
  }
  const [fieldsHydrated, setFieldsHydrated] = useState(false);
  const onFieldsHydrated = useCallback(() => setFieldsHydrated(true), []);
  useDraftOnDevice(store, keys, () => void submit(), fieldsHydrated);
  useEffect(() => {
    if (!fieldsHydrated) return;
    // After the draft's restore (an effect above, this same commit): what was typed wins.
    const retype = setTimeout(() =>
      retypeEarlyTyping(formRef.current, (path, text) => {
        const at = parseCoordinates(text);
        const stop = tripStops(store.get().values).find((each) => each.path === path);
        if (!at || !stop) return false;
        actions.placeAt(stop.key, at, 'text');
        return true;
      }),
    );
    return () => clearTimeout(retype);
  }, [fieldsHydrated, store, actions]);

  const { settleAfterLookup } = focus;
  useEffect(() => settleAfterLookup(trip, lookingUp));

  const { mutation, currentKey } = quoting;
  // A stop the courier would refuse is worded at once, before any "Cotizar".
  const refusal = coverage.outside[0];
  const failure = refusal
    ? refusal.problem
    : mutation.isError && mutation.variables?.key === currentKey && !isSessionOver(mutation.error)
      ? problemOf(mutation.error)
      : null;
  const outside = refusal ? refusal.key : outsideStopOf(failure, mutation.error, values);
  const outsideKeys = coverage.outside.map((stop) => stop.key);
  if (outside && !outsideKeys.includes(outside)) outsideKeys.push(outside);
  // The same list while the same stops are out: the map and the fieldsets skip drawing again.
  const outsideList = outsideKeys.join('\n');
  const outsideStops = useMemo(() => (outsideList ? outsideList.split('\n') : []), [outsideList]);
  const stops = useMemo(() => tripStops(values), [values]);
  const approximations = useMemo(() => approximationsOf(values, provenance), [values, provenance]);
  const mapStops = useMapStops(stops, approximations);
  /** What else a new trip resets: a quote's error, a location notice. */
  const { dismiss } = geolocation;
  const { reset } = mutation;
  const startOver = useCallback(() => {
    dismiss();
    reset();
  }, [dismiss, reset]);

  return (
    <div className={styles.screen}>
      <ScreenHeader userName={user.name} />

      <TripStoreContext value={store}>
        <main className={styles.main}>
          <div className={styles.mapArea}>
            <TripMap
              tileUrl={config.tileUrl}
              tileAttribution={config.tileAttribution}
              showCoverage={config.builtinCourier}
              roadRoutes={config.roadRoutes}
              initialView={config.mapView}
              stops={mapStops}
              outside={outsideStops}
              onTap={actions.onMapTap}
              onPinMoved={actions.onPinMoved}
              onPinSelected={actions.onPinSelected}
              onRouteChange={setRouteView}
            />
            <UndoChangeNotice />
          </div>

          <QuotePanel
            config={config}
            form={form}
            formRef={formRef}
            resultRef={resultRef}
            trip={trip}
            outcome={{
              failure,
              error: mutation.error,
              outside,
              outsideStops,
              queued: quoting.offline.queued,
              answer: quoting.answer,
              pending: mutation.isPending,
            }}
            routeView={routeView}
            effects={{ focus, actions, geolocation, recent }}
            placesKey={keys.places}
            onSubmit={submit}
            onStartOver={startOver}
            onFieldsHydrated={onFieldsHydrated}
          />
        </main>
      </TripStoreContext>
    </div>
  );
}
