'use client';

import { useEffect, useRef } from 'react';
import { useFormatter, useLocale, useTranslations } from 'use-intl';
import type { NotCoveredPlace, SearchAnswer, SearchResult, TypedStreet } from '@/lib/api/geocode';
import type { Locale } from '@/lib/i18n/config';
import styles from './styles';

/**
 * A search's answer as a list: each result says what it is (address, street, colonia, zip code)
 * and whether street and number came from the text typed; last, the text's own street and number,
 * to use as typed without moving the pin, when no result places them.
 */
export function SearchResults({
  answer,
  label,
  onPick,
  onUseTyped,
}: {
  answer: SearchAnswer;
  label: string;
  onPick: (result: SearchResult) => void;
  onUseTyped: (typed: TypedStreet) => void;
}) {
  const t = useTranslations('point');
  const list = useRef<HTMLUListElement>(null);
  // The box may sit low in the panel (the tablet's second column): the answer is brought into
  // the panel's view, above the "Cotizar" bar, else "Buscar" seems to do nothing.
  // (A block body: scrollIntoView returns a promise in current Chromium, which React would take
  // for the effect's cleanup.)
  useEffect(() => {
    list.current?.scrollIntoView({ block: 'nearest' });
  }, [answer]);
  const { typed } = answer;
  const typedText = typed ? [typed.street, typed.exteriorNumber].filter(Boolean).join(' ') : '';
  return (
    <ul ref={list} className={styles.results} aria-label={label}>
      {answer.results.map((result) => (
        <li key={`${result.lat},${result.lng},${result.label}`}>
          <button type="button" className={styles.resultOption} onClick={() => onPick(result)}>
            <span className={styles.resultKind}>{t(`resultKinds.${result.kind}`)}</span>
            <span className={styles.resultLabel}>{resultLine(result)}</span>
            {result.fromText.length > 0 && (
              <span className={styles.resultNote}>{t('fromYourText')}</span>
            )}
          </button>
        </li>
      ))}
      {typed && typedText && (
        <li>
          <button type="button" className={styles.resultOption} onClick={() => onUseTyped(typed)}>
            <span className={styles.resultKind}>{t('resultKinds.typed')}</span>
            <span className={styles.resultLabel}>{t('useTyped', { text: typedText })}</span>
            <span className={styles.resultNote}>{t('pinStays')}</span>
          </button>
        </li>
      )}
    </ul>
  );
}

/** "Varsovia 36 · Juárez, 06600 Cuauhtémoc": the street from the text first, when there is one. */
function resultLine(result: SearchResult): string {
  const street = [result.street, result.exteriorNumber].filter(Boolean).join(' ');
  const interior = result.interiorNumber ? ` int. ${result.interiorNumber}` : '';
  return street && !result.label.startsWith(street)
    ? `${street}${interior} · ${result.label}`
    : `${result.label}${interior}`;
}

/** "Monterrey: sin cobertura por ahora — cubrimos …": a place named outside every active zone. */
export function NotCoveredNote({ place }: { place: NotCoveredPlace }) {
  const t = useTranslations('point');
  const note = useRef<HTMLParagraphElement>(null);
  // Its code comes with the list's, after the answer: the search box's own scroll found nothing
  // to show yet, so the note brings itself into the panel's view, as the list does.
  useEffect(() => {
    note.current?.scrollIntoView({ block: 'nearest' });
  }, [place]);
  const format = useFormatter();
  const locale = useLocale() as Locale;
  const served = format.list(place.served[locale] ?? [], { type: 'conjunction' });
  return (
    <p ref={note} className="field-error" role="status">
      {t('notCovered', { place: place.place, served })}
    </p>
  );
}
