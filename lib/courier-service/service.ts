import 'server-only';
import { z } from 'zod';
import {
  COURIER_CODE,
  type LoginResponse,
  type QuotationRequest,
  type QuotationResponse,
} from '../courier-api/wire';
import { env } from '../env';
import { checkCredentials, DEMO_ACCOUNTS_FILE, loadAccountBook, type Account } from './accounts';
import { authenticateClient, presentedClient, type ApiClient } from './api-clients';
import { clientGuessThrottle } from './client-throttle';
import { CourierError } from './errors';
import { GateFull } from '../rate-limit/concurrency-gate';
import { pauseBeforeRefusing } from '../rate-limit/refusal-pause';
import { loginThrottle, passwordChecks } from './login-throttle';
import { planOrder, priceOrder } from './quotation';
import { roadLegsOf } from './road-distance';
import { createHash } from 'node:crypto';
import {
  earlierTokenAccount,
  formatExpiresIn,
  issueToken,
  TOKEN_TYPE,
  verifyToken,
} from './tokens';
import { loadZones } from './zones';

/** The courier's operations, bound to the configuration in lib/env.ts. */

const accountsFile = () => env.courierService.accountsFile ?? DEMO_ACCOUNTS_FILE;
const emailSchema = z.email();

/**
 * The API client of an `Authorization: Basic` header, or -190; -165 (after a pause, before any
 * secret is compared) while the caller's address or the client it names has guessed too often
 * (client-throttle.ts).
 */
export async function authenticateApiClient(
  authorization: string | null,
  { clientAddress }: { clientAddress: string },
): Promise<ApiClient> {
  const { clients } = env.courierService;
  const { presented, clientId } = presentedClient(authorization, clients);
  // No credentials at all is no guess.
  if (!presented) return authenticateClient(authorization, clients);
  const attempt = await clientGuessThrottle().begin(clientId, clientAddress);
  if (!attempt.allowed) {
    await pauseBeforeRefusing();
    throw new CourierError(COURIER_CODE.tooManyAttempts, {
      retryAfterSeconds: attempt.retryAfterSeconds,
    });
  }
  let client: ApiClient;
  try {
    client = authenticateClient(authorization, clients);
  } catch (error) {
    await attempt.settle(false);
    throw error;
  }
  await attempt.settle(true);
  return client;
}

/**
 * How long after its issue a token of this service still proves an earlier login (a session
 * renewing its token, a device signing in again): the longest a dispatcher's device is trusted.
 */
export const EARLIER_TOKEN_PROOF_SECONDS = 30 * 24 * 3600;

/**
 * Where a login's failures are counted: a login that presents a token this service issued
 * earlier to the same API client for the same account is counted against that token alone and
 * skips the limits strangers fill (the account's, the address's); any other, per end-user address
 * within the API client.
 */
async function loginSource(
  client: ApiClient,
  user: string,
  { endUserAddress, earlierToken }: { endUserAddress: string; earlierToken?: string | null },
): Promise<{ key: string; trusted: boolean }> {
  const proven = await earlierTokenAccount(earlierToken, {
    secret: env.courierService.jwtSecret,
    audience: client.id,
    maxAgeSeconds: EARLIER_TOKEN_PROOF_SECONDS,
  });
  if (proven !== undefined) {
    const account = (await loadAccountBook(accountsFile())).byEmail(user);
    if (account?.idClient === proven) {
      const proof = createHash('sha256').update(earlierToken!).digest('base64url').slice(0, 22);
      return { key: `${client.id} proof:${proof}`, trusted: true };
    }
  }
  return { key: `${client.id} ${endUserAddress}`, trusted: false };
}

/**
 * A dispatcher's login: -192 when the user is not an e-mail, -165 while failures are throttled,
 * -160 while too many passwords are being checked (both after a pause), -194 for a wrong user or
 * password alike; else the profile and a signed token. Failures are counted per user and per end-user
 * address within the API client (login-throttle.ts), or against the earlier token it presents.
 */
export async function logIn(
  client: ApiClient,
  { user, password }: { user: string; password: string },
  {
    endUserAddress,
    earlierToken,
    now = new Date(),
  }: { endUserAddress: string; earlierToken?: string | null; now?: Date },
): Promise<LoginResponse> {
  if (!emailSchema.safeParse(user.trim()).success) {
    throw new CourierError(COURIER_CODE.invalidEmail);
  }
  const source = await loginSource(client, user, { endUserAddress, earlierToken });
  const attempt = await loginThrottle().begin(user.trim().toLowerCase(), source.key, {
    trusted: source.trusted,
  });
  if (!attempt.allowed) {
    await pauseBeforeRefusing();
    throw new CourierError(COURIER_CODE.tooManyAttempts, {
      retryAfterSeconds: attempt.retryAfterSeconds,
    });
  }
  let account: Account | undefined;
  try {
    const book = await loadAccountBook(accountsFile());
    account = await passwordChecks().run(() => checkCredentials(book, user, password), {
      priority: attempt.knownPair,
    });
  } catch (error) {
    await attempt.settle('unjudged');
    if (error instanceof GateFull) {
      await pauseBeforeRefusing();
      throw new CourierError(COURIER_CODE.unavailable, { retryAfterSeconds: 1 });
    }
    throw error;
  }
  if (!account) {
    await attempt.settle('failed');
    throw new CourierError(COURIER_CODE.wrongCredentials);
  }
  await attempt.settle('succeeded');
  const { accessToken, expiresAt } = await issueToken(
    { accountId: account.idClient, clientId: client.id },
    { secret: env.courierService.jwtSecret, ttlSeconds: env.courierService.tokenTtlSeconds },
    now,
  );
  return {
    code: 0,
    data: {
      idClient: account.idClient,
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      zone: account.zone,
    },
    token: {
      access_token: accessToken,
      token_type: TOKEN_TYPE,
      expires_in: formatExpiresIn(expiresAt, env.courierService.timeZone),
    },
  };
}

/** The active account a `token` header speaks for; -155 or -156 otherwise. */
export async function authenticateToken(token: string | null): Promise<Account> {
  const claims = await verifyToken(token, {
    secret: env.courierService.jwtSecret,
    audiences: env.courierService.clients.map((client) => client.id),
  });
  const account = (await loadAccountBook(accountsFile())).byId(claims.accountId);
  // An account switched off since its login loses its tokens at once.
  if (!account?.active) throw new CourierError(COURIER_CODE.tokenInvalid);
  return account;
}

/**
 * A quotation: the order checked against the rules and zones, its legs measured by road (an OSRM
 * server's distances with COURIER_ROUTER_URL, else great circle × the zone's road factor), then
 * priced.
 */
export async function quote(
  order: QuotationRequest,
  { now = env.courierService.pricingTime ?? new Date() }: { now?: Date } = {},
): Promise<QuotationResponse> {
  const plan = planOrder(order, await loadZones());
  const legsKm = await roadLegsOf(plan.route, plan.zone.properties.tariff.roadFactor);
  return priceOrder(plan, legsKm, { now, timeZone: env.courierService.timeZone });
}
