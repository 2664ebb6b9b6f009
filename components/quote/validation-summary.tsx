'use client';

import { useFormContext, type FieldError } from 'react-hook-form';
import { useTranslations } from 'use-intl';
import { ADDRESS_FIELDS } from './address-provenance';
import { useFieldMessage } from './field-notes';
import { POINT_KEYS, type QuoteDraftValues } from './quote-draft';
import type { FieldPath } from './trip-readiness';
import styles from './quote-screen.module.css';

/**
 * Under "Cotizar", after a refused attempt: every problem in one list, each a link that takes the
 * dispatcher to its field (label in view), in form order, A before B.
 */
export function ValidationSummary({ onGoTo }: { onGoTo: (path: FieldPath) => void }) {
  const t = useTranslations();
  const fieldMessage = useFieldMessage();
  const {
    formState: { errors },
  } = useFormContext<QuoteDraftValues>();

  const problems = POINT_KEYS.flatMap((key) => {
    const point = errors[key];
    if (!point) return [];
    const letter = key === 'pickup' ? 'A' : 'B';
    const fields = ADDRESS_FIELDS.flatMap((field) => {
      const message = fieldMessage(point[field] as FieldError | undefined);
      return message
        ? [{ path: `${key}.${field}` as FieldPath, name: t(`point.${field}`), message }]
        : [];
    });
    const pin = point.lat ?? point.lng;
    if (pin) {
      fields.push({
        path: `${key}.coordinates`,
        name: t('point.pinName'),
        message:
          pin.message === 'validation.required'
            ? t('point.pinRequired')
            : (fieldMessage(pin as FieldError) ?? ''),
      });
    }
    return fields.map((field) => ({ ...field, letter }));
  });
  if (problems.length === 0) return null;

  return (
    <div role="alert" className={styles.summary}>
      <p className={styles.summaryTitle}>{t('validation.summary')}</p>
      <ul className={styles.summaryList}>
        {problems.map((problem) => (
          <li key={problem.path}>
            <button
              type="button"
              className={styles.summaryLink}
              onClick={() => onGoTo(problem.path)}
              aria-label={`${problem.letter} · ${problem.name}: ${problem.message}`}
            >
              <span aria-hidden="true">
                <strong>
                  {problem.letter} · {problem.name}
                </strong>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
