import 'server-only';

export {
  courierLogin,
  courierQuotation,
  type CourierCredentials,
  type CourierLogin,
} from './client';
export { CourierTokenRejected } from './errors';
export type { CourierToken } from './token-lifetime';
export { courierReachability, type CourierReachability } from './reachability';
