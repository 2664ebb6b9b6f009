/**
 * Leaflet's map, loaded once: asked for by the screen's first chunk as it runs in the browser
 * (quote-screen.tsx), so that Leaflet's own code is evaluated between React's hydration slices,
 * and by the map where it is drawn (quote-map.tsx), which then finds it loaded.
 */
let leafletMap: Promise<typeof import('./leaflet-map')> | undefined;

export const loadLeafletMap = () => (leafletMap ??= import('./leaflet-map'));
