'use client';

import { get, useFormState, useWatch, type FieldError } from 'react-hook-form';
import { useTranslations } from 'use-intl';
import { ADDRESS_FIELDS } from '../trip/address-provenance';
import { useQuoteForm } from '../effects/quote-form-context';
import { useFieldMessage } from './field-notes';
import type { QuoteDraftValues } from '../trip/draft';
import type { FieldPath } from '../trip/trip-readiness';
import { tripStops } from '../trip/trip-stops';
import styles from './styles';

/**
 * Under "Cotizar", after a refused attempt: every problem in one list, each a link that takes the
 * dispatcher to its field (label in view), in form order, A before B.
 */
export function ValidationSummary({ onGoTo }: { onGoTo: (path: FieldPath) => void }) {
  const t = useTranslations();
  const fieldMessage = useFieldMessage();
  const { control } = useQuoteForm();
  const { errors } = useFormState({ control });
  const values = useWatch({ control }) as QuoteDraftValues;

  const problems = tripStops(values).flatMap(({ path, letter }) => {
    const fieldError = (name: string) => get(errors, `${path}.${name}`) as FieldError | undefined;
    const fields = ADDRESS_FIELDS.flatMap((field) => {
      const message = fieldMessage(fieldError(field));
      return message
        ? [{ path: `${path}.${field}` as FieldPath, name: t(`point.${field}`), message }]
        : [];
    });
    const pin = fieldError('lat') ?? fieldError('lng');
    if (pin) {
      fields.push({
        path: `${path}.coordinates`,
        name: t('point.pinName'),
        message:
          pin.message === 'validation.required'
            ? t('point.pinRequired')
            : (fieldMessage(pin) ?? ''),
      });
    }
    return fields.map((field) => ({ ...field, letter }));
  });
  // The customer's field comes before the stops on the screen, and names no stop.
  const customer = fieldMessage(errors.customer);
  if (customer) {
    problems.unshift({
      path: 'customer',
      name: t('quote.customer'),
      message: customer,
      letter: '',
    });
  }
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
              aria-label={`${[problem.letter, problem.name].filter(Boolean).join(' · ')}: ${problem.message}`}
            >
              <span aria-hidden="true">
                <strong>{[problem.letter, problem.name].filter(Boolean).join(' · ')}</strong>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
