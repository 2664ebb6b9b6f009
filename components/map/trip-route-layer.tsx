'use client';

import polyline from '@mapbox/polyline';
import type { Map as LeafletMap, PathOptions } from 'leaflet';
import { useMemo, useState } from 'react';
import { Marker, Polyline, useMap, useMapEvents } from 'react-leaflet';
import type { LatLng } from '@/components/quote/trip/draft';
import type { TripRoute } from '@/lib/api/road-route';
import type { MapStop } from './map-props';
import { legLabelSpots } from './leg-label-spots';
import { legIcon } from './pin-icon';
import type { RouteView } from '@/components/quote/trip/route-view';

const STRAIGHT_LINE: PathOptions = {
  color: '#0f172a',
  weight: 4,
  dashArray: '10 8',
  opacity: 0.85,
};
/** A white casing under each road leg keeps it legible over any tile. */
const ROAD_CASING: PathOptions = { color: '#ffffff', weight: 9, opacity: 0.9, lineJoin: 'round' };
const ROAD_LINE = { weight: 5, opacity: 0.95, lineJoin: 'round', lineCap: 'round' } as const;
/** The one leg of a trip with one drop-off: the map's usual route blue (the pickup's colour). */
export const SINGLE_LEG_COLOUR = '#0b57d0';

/**
 * The line the rider rides, under the pins: the road route when there is one for these very
 * stops (each leg in the colour of the stop it ends at when there are several drop-offs), else
 * the stops joined by dashed straight segments. With several legs, each is numbered on
 * its leg, clear of the pins.
 */
export function TripRouteLayer({ stops, view }: { stops: MapStop[]; view: RouteView }) {
  const paths = useMemo(
    () => (view.kind === 'road' ? roadPaths(view.route, stops) : null),
    [view, stops],
  );
  if (stops.length < 2) return null;
  const legs = stops.slice(1).map((stop, index) => ({
    key: stop.key,
    number: index + 1,
    colour: stops.length > 2 ? stop.colour : SINGLE_LEG_COLOUR,
    path: paths?.[index] ?? [stops[index]!.at, stop.at],
  }));
  return (
    <>
      {paths ? (
        legs.map((leg) => (
          <RoadLeg
            key={`road-${leg.key}-${leg.number}`}
            path={leg.path}
            colour={leg.colour}
            leg={leg.number}
          />
        ))
      ) : (
        <Polyline
          positions={stops.map((stop) => stop.at)}
          pathOptions={STRAIGHT_LINE}
          interactive={false}
        />
      )}
      {legs.length > 1 && <LegNumbers stops={stops} legs={legs} />}
    </>
  );
}

/**
 * Each leg's number on its leg, where no pin's head covers it and it covers no letter (with many
 * stops close together the halfway point is often under the next pin): placed in screen pixels at
 * the map's zoom and within its view, again after every pan and zoom.
 */
function LegNumbers({
  stops,
  legs,
}: {
  stops: MapStop[];
  legs: { key: string; number: number; path: LatLng[] }[];
}) {
  const map = useMap();
  const [seen, setSeen] = useState(() => viewOf(map));
  useMapEvents({ moveend: () => setSeen(viewOf(map)) });
  const { zoom, view } = seen;
  const px = (at: LatLng) => map.project([at.lat, at.lng], zoom);
  const spots = legLabelSpots(
    stops.map((stop) => px(stop.at)),
    legs.map((leg) => leg.path.map(px)),
    view,
  ).map((spot) => map.unproject([spot.x, spot.y], zoom));
  return legs.map((leg, index) => (
    <Marker
      key={`leg-${leg.key}`}
      position={spots[index]!}
      icon={legIcon(leg.number)}
      interactive={false}
      keyboard={false}
    />
  ));
}

/** The map's zoom and the pixels it shows at that zoom (after every pan and zoom). */
function viewOf(map: LeafletMap) {
  const { min, max } = map.getPixelBounds();
  return {
    zoom: map.getZoom(),
    view: { left: min!.x, top: min!.y, right: max!.x, bottom: max!.y },
  };
}

function RoadLeg({ path, colour, leg }: { path: LatLng[]; colour: string; leg: number }) {
  const line = useMemo<PathOptions>(() => ({ ...ROAD_LINE, color: colour }), [colour]);
  return (
    <>
      <Polyline positions={path} pathOptions={ROAD_CASING} interactive={false} />
      {/* The class (read by Leaflet when the line is made, hence the key above) lets a test or a
          style find each leg's line; its colour says which leg it is. */}
      <Polyline
        positions={path}
        pathOptions={line}
        className={`trip-road-leg trip-road-leg-${leg}`}
        interactive={false}
      />
    </>
  );
}

/** Each leg's path decoded (polyline6), drawn from its stop's pin to the next. */
function roadPaths(route: TripRoute, stops: MapStop[]): LatLng[][] {
  return route.legs.map((leg, index) => {
    const road = polyline.decode(leg.shape ?? '', 6).map(([lat, lng]) => ({ lat, lng }));
    // The router starts and ends a leg on the road; the line joins the pins themselves too.
    return [stops[index]!.at, ...road, stops[index + 1]!.at];
  });
}
