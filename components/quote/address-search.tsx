'use client';

import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslations } from 'use-intl';
import { RequestError, requestJson } from '@/components/ui/request-json';
import type { LatLng } from './quote-draft';
import styles from './quote-screen.module.css';

export interface FoundAddress {
  street: string;
  exteriorNumber: string;
  neighborhood: string;
  zipCode: string;
  lat: number;
  lng: number;
  label: string;
}

type SearchState =
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'results'; results: FoundAddress[] }
  | { kind: 'empty' }
  | { kind: 'failed'; offline: boolean };

/**
 * A search box per point: the way to place a pin without the map (keyboard, screen reader, or a
 * dispatcher who knows the address). It searches when asked (Enter or the button), never while
 * typing, which every geocoder's usage policy allows.
 */
export function AddressSearch({
  pointName,
  near,
  onPick,
}: {
  pointName: string;
  near: LatLng | null;
  onPick: (address: FoundAddress) => void;
}) {
  const t = useTranslations('point');
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);
  const [state, setState] = useState<SearchState>({ kind: 'idle' });

  async function search() {
    const text = inputRef.current?.value.trim() ?? '';
    if (text.length < 2) return;
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ kind: 'searching' });
    const params = new URLSearchParams({ q: text });
    if (near) {
      params.set('lat', near.lat.toFixed(5));
      params.set('lng', near.lng.toFixed(5));
    }
    try {
      const { results } = await requestJson<{ results: FoundAddress[] }>(
        `/api/geocode/search?${params}`,
        { signal: current.signal, timeoutMs: 10_000 },
      );
      setState(results.length ? { kind: 'results', results } : { kind: 'empty' });
    } catch (error) {
      if (current.signal.aborted) return;
      setState({
        kind: 'failed',
        offline: error instanceof RequestError && error.code === 'offline',
      });
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      // Enter searches; it must not send the quote form around this box.
      event.preventDefault();
      void search();
    } else if (event.key === 'Escape' && state.kind !== 'idle') {
      setState({ kind: 'idle' });
    }
  }

  function pick(address: FoundAddress) {
    setState({ kind: 'idle' });
    if (inputRef.current) inputRef.current.value = '';
    onPick(address);
  }

  return (
    <div className={styles.search}>
      <label className="field-label" htmlFor={`${id}-q`}>
        {t('search')}
      </label>
      <div className={styles.searchRow}>
        <input
          ref={inputRef}
          id={`${id}-q`}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          className="input"
          placeholder={t('searchPlaceholder')}
          onKeyDown={onKeyDown}
          aria-describedby={`${id}-status`}
        />
        <button
          type="button"
          className="button"
          onClick={() => void search()}
          disabled={state.kind === 'searching'}
        >
          {t('searchButton')}
        </button>
      </div>
      <div id={`${id}-status`} aria-live="polite" className={styles.searchStatus}>
        {state.kind === 'searching' && <p className="field-hint">{t('searching')}</p>}
        {state.kind === 'empty' && <p className="field-hint">{t('noResults')}</p>}
        {state.kind === 'failed' && (
          <p className="field-error">{state.offline ? t('searchOffline') : t('searchFailed')}</p>
        )}
      </div>
      {state.kind === 'results' && (
        <ul className={styles.results} aria-label={t('searchResults', { pointName })}>
          {state.results.map((result) => (
            <li key={`${result.lat},${result.lng},${result.label}`}>
              <button type="button" className={styles.resultOption} onClick={() => pick(result)}>
                {result.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
