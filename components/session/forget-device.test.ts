import { describe, expect, it } from 'vitest';
import { storageKeys } from '@/components/quote/trip/draft-storage';
import { APP_STORAGE_PREFIX, clearedMapViewCookie, removeKeysByPrefix } from './forget-device';

/** A Storage in memory, as the browser's behaves for these calls. */
function memoryStorage(entries: Record<string, string>): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    key: (index: number) => [...map.keys()][index] ?? null,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    clear: () => map.clear(),
  };
}

describe('clearing the device at sign-out', () => {
  it('removes every key the screen keeps for any dispatcher, and nothing else', () => {
    const dana = storageKeys('Dana@Example.com');
    const luis = storageKeys('luis@example.com');
    const storage = memoryStorage({
      [dana.draft]: '{"pickup":{"street":"Varsovia"}}',
      [dana.recent]: '[]',
      [dana.places]: '[]',
      [luis.draft]: '{}',
      'another-app:settings': 'kept',
    });
    for (const key of Object.values(dana)) expect(key.startsWith(APP_STORAGE_PREFIX)).toBe(true);
    expect(removeKeysByPrefix(storage, APP_STORAGE_PREFIX)).toBe(4);
    expect(storage.length).toBe(1);
    expect(storage.getItem('another-app:settings')).toBe('kept');
  });

  it('expires the saved map view cookie on the path it was set for', () => {
    expect(clearedMapViewCookie()).toBe('dq_map_view=; path=/; max-age=0; samesite=lax');
  });
});
