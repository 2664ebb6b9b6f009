'use client';

import dynamic from 'next/dynamic';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslations } from 'use-intl';
import { callApi, RequestError } from '@/components/ui/api-client';
import type { SearchAnswer, SearchResult, TypedStreet } from '@/lib/api/geocode';
import type { LatLng } from '../trip/draft';
import styles from './styles';

const loadSearchResults = () => import('./search-results');
/** Shown only after a search: its code is not part of the screen's first load. */
const SearchResults = dynamic(() => loadSearchResults().then((module) => module.SearchResults), {
  ssr: false,
});
const NotCoveredNote = dynamic(() => loadSearchResults().then((module) => module.NotCoveredNote), {
  ssr: false,
});

type SearchState =
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'answered'; answer: SearchAnswer }
  | { kind: 'failed'; offline: boolean };

/**
 * A search box per point: the way to place a pin without the map (keyboard, screen reader, or a
 * dispatcher who knows the address). Text is read the way dispatchers write it ("Sonora 180 int 1
 * Hipódromo", "col. del valle", "06600"); every result says what it is (an address, a street, a
 * colonia, a zip code) and which fields came from the text typed. It searches when asked (Enter or
 * the button), never while typing, which every geocoder's usage policy allows.
 */
export function AddressSearch({
  pointName,
  near,
  onPick,
  onUseTyped,
}: {
  pointName: string;
  near: LatLng | null;
  onPick: (result: SearchResult) => void;
  onUseTyped: (typed: TypedStreet) => void;
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
    // The list's code comes with the first answer: fetched while the search is on its way.
    void loadSearchResults().catch(() => {});
    const query = near
      ? { q: text, lat: near.lat.toFixed(5), lng: near.lng.toFixed(5) }
      : { q: text };
    try {
      const answer = await callApi('geocodeSearch', {
        query,
        signal: current.signal,
        timeoutMs: 10_000,
      });
      setState({ kind: 'answered', answer });
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

  function done() {
    setState({ kind: 'idle' });
    if (inputRef.current) inputRef.current.value = '';
  }

  const answer = state.kind === 'answered' ? state.answer : null;
  const listed = answer !== null && (answer.results.length > 0 || answer.typed !== null);
  const status = useRef<HTMLDivElement>(null);
  // What the search said (no results, not covered, failed) in the panel's view; a list of results
  // brings itself into view (search-results.tsx).
  useEffect(() => {
    if ((state.kind === 'answered' && !listed) || state.kind === 'failed') {
      status.current?.scrollIntoView({ block: 'nearest' });
    }
  }, [state, listed]);

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
          aria-describedby={`${id}-hint ${id}-status`}
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
      <p id={`${id}-hint`} className="sr-only">
        {t('searchHint')}
      </p>
      <div ref={status} id={`${id}-status`} aria-live="polite" className={styles.searchStatus}>
        {state.kind === 'searching' && <p className="field-hint">{t('searching')}</p>}
        {answer?.notCovered && <NotCoveredNote place={answer.notCovered} />}
        {answer && answer.results.length === 0 && !answer.notCovered && (
          <p className="field-hint">{answer.typed ? t('noPlaceForTyped') : t('noResults')}</p>
        )}
        {state.kind === 'failed' && (
          <p className="field-error">{state.offline ? t('searchOffline') : t('searchFailed')}</p>
        )}
      </div>
      {answer && listed && (
        <SearchResults
          answer={answer}
          label={t('searchResults', { pointName })}
          onPick={(result) => {
            done();
            onPick(result);
          }}
          onUseTyped={(typed) => {
            done();
            onUseTyped(typed);
          }}
        />
      )}
    </div>
  );
}
