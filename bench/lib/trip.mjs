// The recorded legacy trip (docs/courier-api.md): Varsovia 36, Juárez → Sonora 180 int. 1, Hipódromo, as
// the dispatcher's screen sends it to the app and as the app sends it on to the courier.

import recordedTrip from '../../test/fixtures/recorded-trip.json' with { type: 'json' };
import recordedTripWire from '../../test/fixtures/recorded-trip-wire.json' with { type: 'json' };

export const DISPATCHER = { email: 'dispatcher@example.com', password: 'demo-password' };
export const DEMO_CLIENT = { id: 'demo-client', secret: 'demo-secret' };

export const LOGIN_PATH = '/courier/api/login/loginClient/json/web';
export const QUOTATION_PATH = '/courier/api/order/validZipCode/json/web';

/** POST /api/quote body. */
export const APP_TRIP = recordedTrip;

/** What the dispatcher types when the screen asks, by the form's field names: the recorded trip's words. */
const typed = ({ street, exteriorNumber, neighborhood, zipCode }) => ({
  street,
  exteriorNumber,
  neighborhood,
  zipCode,
});
export const TYPED = {
  pickup: typed(recordedTrip.pickup),
  'dropoffs.0': typed(recordedTrip.dropoff),
};

/** The same trip in the courier's wire format, exactly as lib/courier-client/wire-request.ts builds it. */
export const COURIER_TRIP = recordedTripWire;

/** Nine drop-offs in central Mexico City after the recorded pickup: the most one quote takes. */
const MORE_DROPOFFS = [
  ['Sonora', '180', 'Hipódromo', '06100', 19.4133562, -99.1672142],
  ['Durango', '200', 'Roma Norte', '06700', 19.4205, -99.1625],
  ['Havre', '30', 'Juárez', '06600', 19.4272, -99.1622],
  ['Génova', '33', 'Juárez', '06600', 19.4255, -99.1647],
  ['Orizaba', '101', 'Roma Norte', '06700', 19.4163, -99.1587],
  ['Salamanca', '85', 'Roma Norte', '06700', 19.4178, -99.1686],
  ['Colima', '220', 'Roma Norte', '06700', 19.4187, -99.1645],
  ['Londres', '162', 'Juárez', '06600', 19.4248, -99.1634],
  ['Río Lerma', '156', 'Cuauhtémoc', '06500', 19.4297, -99.1663],
].map(([street, exteriorNumber, neighborhood, zipCode, lat, lng]) => ({
  street,
  exteriorNumber,
  neighborhood,
  zipCode,
  lat,
  lng,
}));

/** POST /api/quote body of 10 addresses: the recorded pickup and nine drop-offs. */
export const APP_TRIP_10 = { pickup: recordedTrip.pickup, dropoffs: MORE_DROPOFFS };
