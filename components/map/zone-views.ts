import type { MapView } from './map-view';

/** Where the map opens for a dispatcher of each zone, before they have moved it themselves. */
const ZONE_VIEWS: Record<string, MapView> = {
  cdmx: { lat: 19.4245, lng: -99.1635, zoom: 14 },
  gdl: { lat: 20.6737, lng: -103.3444, zoom: 13 },
  mty: { lat: 25.6866, lng: -100.3161, zoom: 13 },
};

export function zoneView(zone: string | undefined): MapView {
  return ZONE_VIEWS[zone?.toLowerCase() ?? ''] ?? ZONE_VIEWS.cdmx!;
}
