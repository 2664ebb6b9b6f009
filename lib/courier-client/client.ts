import 'server-only';
import {
  EARLIER_TOKEN_HEADER,
  END_USER_ADDRESS_HEADER,
  LOGIN_PATH,
  QUOTATION_PATH,
  TOKEN_HEADER,
} from '@/lib/courier-api/wire';
import { END_USER_PROOF_HEADER, signEndUserAddress } from '@/lib/courier-api/end-user-address';
import { env } from '@/lib/env';
import { log as rootLog } from '@/lib/log';
import type { CourierQuote } from '@/lib/api/quote';
import type { QuoteRequest } from '@/lib/quote/schema';
import { describeIssues, loginAnswerSchema, quotationAnswerSchema } from './answers';
import { courierGarbled } from './errors';
import { nextIssueTime, tokenLifetime, type CourierToken } from './token-lifetime';
import { postToCourier } from './transport';
import { basicCredentials, loginBody, quotationBody } from './wire-request';

type Logger = typeof rootLog;

export interface CourierCredentials {
  email: string;
  password: string;
}

export interface CourierLogin {
  token: CourierToken;
  /** What the courier said about the account, when it said anything. */
  profile: { email?: string; name?: string; zone?: string; clientId?: number };
}

/**
 * Signs a dispatcher in at the courier. Called once per sign-in and once per token renewal, never
 * retried here: a repeated wrong password must count as what it is. `earlierToken`, a token the
 * courier issued for this account before (a renewal's, or a trusted device's), proves an earlier
 * success: the built-in courier then holds the login to no limit that strangers' guesses fill.
 */
export async function courierLogin(
  { email, password }: CourierCredentials,
  {
    log = rootLog,
    clientAddress,
    earlierToken,
  }: { log?: Logger; clientAddress?: string; earlierToken?: string } = {},
): Promise<CourierLogin> {
  const headers: Record<string, string> = {
    authorization: basicCredentials(env.courier.clientId, env.courier.clientSecret),
  };
  if (earlierToken) headers[EARLIER_TOKEN_HEADER] = earlierToken;
  // The courier throttles failed logins per address too: without the dispatcher's address, every
  // dispatcher would share this server's, and a few wrong passwords would lock everyone out. The
  // built-in courier believes `x-end-user-address` only with the app's signature beside it
  // (end-user-address.ts); the legacy service is sent the usual X-Forwarded-For as well.
  if (clientAddress && clientAddress !== 'unknown') {
    headers[END_USER_ADDRESS_HEADER] = clientAddress;
    headers['x-forwarded-for'] = clientAddress;
    const secret = env.courier.endUserProofSecret;
    if (secret) headers[END_USER_PROOF_HEADER] = signEndUserAddress(clientAddress, secret);
  }
  const json = await postToCourier('login', LOGIN_PATH, loginBody(email, password), headers, log);
  const parsed = loginAnswerSchema.safeParse(json);
  if (!parsed.success) {
    log.warn(
      { courier: 'login', issues: describeIssues(parsed.error) },
      'courier login answer unreadable',
    );
    throw courierGarbled();
  }
  const token = tokenLifetime(
    { accessToken: parsed.data.accessToken, expiresIn: parsed.data.expiresIn },
    { timeZone: env.courier.timeZone },
  );
  log.info(
    {
      courier: 'login',
      tokenLifetime: token.source,
      expiresAt: new Date(token.expiresAt).toISOString(),
    },
    'courier token issued',
  );
  const { source: _source, ...lifetime } = token;
  return { token: { ...lifetime, issuedAt: nextIssueTime() }, profile: parsed.data.profile };
}

/**
 * Asks the courier to price a trip. Throws the app's errors, or CourierTokenRejected when the
 * token is no longer accepted (the session decides what to do about that).
 */
export async function courierQuotation(
  accessToken: string,
  request: QuoteRequest,
  { log = rootLog }: { log?: Logger } = {},
): Promise<CourierQuote> {
  const json = await postToCourier(
    'quotation',
    QUOTATION_PATH,
    quotationBody(request),
    { [TOKEN_HEADER]: accessToken },
    log,
  );
  const parsed = quotationAnswerSchema.safeParse(json);
  if (!parsed.success) {
    log.warn(
      { courier: 'quotation', issues: describeIssues(parsed.error) },
      'courier quotation answer unreadable',
    );
    throw courierGarbled();
  }
  return parsed.data.data;
}
