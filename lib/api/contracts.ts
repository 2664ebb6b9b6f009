// Not server-only: the contracts by name; the browser's client reads their type only.
import { coverageContract } from './coverage';
import type { Contract } from './contract';
import type { EndpointName } from './endpoints';
import { geocodeReverseContract, geocodeSearchContract } from './geocode';
import { healthContract } from './health';
import { quoteContract } from './quote';
import {
  quoteExportContract,
  quoteLinkRevokeContract,
  quoteListContract,
  quoteRecordContract,
} from './quote-records';
import { roadRouteContract } from './road-route';
import {
  currentSessionContract,
  signInContract,
  signOutContract,
  signOutEverywhereContract,
} from './session';

/** Every endpoint's contract, by the name lib/api/endpoints.ts gives it: none missing. */
export const CONTRACTS = {
  signIn: signInContract,
  currentSession: currentSessionContract,
  signOut: signOutContract,
  signOutEverywhere: signOutEverywhereContract,
  quote: quoteContract,
  geocodeSearch: geocodeSearchContract,
  geocodeReverse: geocodeReverseContract,
  coverage: coverageContract,
  roadRoute: roadRouteContract,
  health: healthContract,
  quoteList: quoteListContract,
  quoteRecord: quoteRecordContract,
  quoteLinkRevoke: quoteLinkRevokeContract,
  quoteExport: quoteExportContract,
} as const satisfies Record<EndpointName, Contract>;

export type Contracts = typeof CONTRACTS;
