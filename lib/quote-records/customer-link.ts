import 'server-only';
import { headers } from 'next/headers';
import { cache } from 'react';
import { env } from '@/lib/env';
import { customerLinkState, type CustomerLinkState } from './customer-view';
import { quoteRecordStore } from './index';

/**
 * The state of a customer's link now: its page, its metadata and its preview image ask once per
 * request (React's cache), so the three agree and the database is read once.
 */
export const customerLinkOf = cache(async (token: string): Promise<CustomerLinkState> => {
  const record = await quoteRecordStore().byCustomerToken(token);
  return customerLinkState(record, new Date(), env.customerLinkTtlSeconds);
});

/**
 * Where the customer's phone reached the app: APP_ORIGIN when set, else the request's own host.
 * A chat's preview needs the image's absolute address.
 */
export async function publicOrigin(): Promise<URL> {
  if (env.appOrigin) return new URL(env.appOrigin);
  const request = await headers();
  const host = request.get('host') ?? `127.0.0.1:${env.port}`;
  const https = request.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
  return new URL(`${https ? 'https' : 'http'}://${host}`);
}
