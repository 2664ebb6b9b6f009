import { describe, expect, it } from 'vitest';
import { loadZones } from './zones';

describe('the coverage zones', () => {
  it('reads the zones file once per process', async () => {
    expect(loadZones()).toBe(loadZones());
  });
});
