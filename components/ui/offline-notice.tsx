'use client';

import { memo } from 'react';
import { useTranslations } from 'use-intl';
import { useOnline } from './use-online';

/** Said once, plainly, when the network goes: nothing is sent until it is back. */
export const OfflineNotice = memo(function OfflineNotice() {
  const t = useTranslations('offline');
  const online = useOnline();
  return (
    <div aria-live="polite">
      {!online && (
        <p className="notice notice-warning" data-testid="offline-notice">
          {t('notice')}
        </p>
      )}
    </div>
  );
});
