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

/** The same trip in the courier's wire format, exactly as lib/courier-client/wire-request.ts builds it. */
export const COURIER_TRIP = recordedTripWire;
