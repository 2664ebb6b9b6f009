import { describe, expect, it } from 'vitest';
import { NOT_APPLICABLE, quotationRequestSchema } from '@/lib/courier-api/wire';
import {
  basicCredentials,
  decimalText,
  externalNumberOf,
  internalNumberOf,
  loginBody,
  quotationBody,
} from './wire-request';
import recordedTrip from '@/test/fixtures/recorded-trip.json';
import recordedTripWire from '@/test/fixtures/recorded-trip-wire.json';

const { pickup, dropoff } = recordedTrip;

describe('the courier request the app sends', () => {
  it('an exterior number of digits travels as a number, anything else as the text typed', () => {
    expect(externalNumberOf('36')).toBe(36);
    expect(externalNumberOf(' 180 ')).toBe(180);
    expect(externalNumberOf('0')).toBe(0);
    expect(externalNumberOf('36-B')).toBe('36-B');
    expect(externalNumberOf('S/N')).toBe('S/N');
    expect(externalNumberOf('036')).toBe('036');
    expect(externalNumberOf('12345678901')).toBe('12345678901');
  });

  it('an empty interior number is sent as the not-applicable marker', () => {
    expect(internalNumberOf(undefined)).toBe(NOT_APPLICABLE);
    expect(internalNumberOf('')).toBe(NOT_APPLICABLE);
    expect(internalNumberOf('  ')).toBe(NOT_APPLICABLE);
    expect(internalNumberOf(' 4B ')).toBe('4B');
  });

  it('coordinates travel as decimal text, never in exponent form', () => {
    expect(decimalText(19.4245207)).toBe('19.4245207');
    expect(decimalText(-99.1676911)).toBe('-99.1676911');
    expect(decimalText(1e-7)).toBe('0.0000001');
    expect(decimalText(20)).toBe('20');
    expect(decimalText(-0)).toBe('0');
    expect(decimalText(1.5)).toBe('1.5');
  });

  it('the quotation puts the pickup first, flagged as pickup and source, in the API’s shape', () => {
    const body = quotationBody({ pickup, dropoffs: [dropoff] });
    expect(quotationRequestSchema.safeParse(body).success).toBe(true);
    expect(body).toEqual(recordedTripWire);
  });

  it('several drop-offs follow the pickup in the dispatcher’s order, none of them a pickup', () => {
    const third = { ...dropoff, street: 'Durango', lat: 19.42, lng: -99.16 };
    const { orderAddresses } = quotationBody({ pickup, dropoffs: [dropoff, third] }).data.bOrder;
    expect(
      orderAddresses.map((entry) => [entry.isPickup, entry.isSource, entry.address.street]),
    ).toEqual([
      [1, 1, 'Varsovia'],
      [0, 0, 'Sonora'],
      [0, 0, 'Durango'],
    ]);
  });

  it('the login carries the dispatcher in data.systemRequest and the app in HTTP Basic', () => {
    expect(loginBody('dispatcher@example.com', 'pw')).toEqual({
      data: { systemRequest: { user: 'dispatcher@example.com', password: 'pw' } },
    });
    expect(basicCredentials('demo-client', 'demo-secret')).toBe(
      `Basic ${Buffer.from('demo-client:demo-secret').toString('base64')}`,
    );
  });
});
