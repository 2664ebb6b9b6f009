'use client';

import { memo } from 'react';
import { useTranslations } from 'use-intl';
import { FieldNotes, notesOf, useQuoteTextField } from './field-notes';
import styles from './styles';

/**
 * "Cliente (opcional)": a name, a company or a phone, as the dispatcher writes it while the
 * customer is on the line. Never required and never focused by the guide, so a first quote costs
 * nothing more; kept in the draft with the stops, sent with the quote (not to the courier) and
 * searched in Cotizaciones. Drawn again only for its own error (useQuoteTextField), not with the
 * panel around it.
 */
export const CustomerField = memo(function CustomerField() {
  const t = useTranslations('quote');
  const { id, register, message } = useQuoteTextField('customer');
  return (
    <div className={`field ${styles.customer}`}>
      <label className="field-label" htmlFor={id}>
        {t('customer')}
      </label>
      <input
        id={id}
        className="input"
        autoComplete="off"
        aria-invalid={message ? true : undefined}
        aria-describedby={notesOf(id, true, message)}
        {...register('customer')}
      />
      <FieldNotes id={id} hint={t('customerHint')} message={message} />
    </div>
  );
});
