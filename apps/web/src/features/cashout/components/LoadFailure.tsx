import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api';
import { EmptyState } from '../../../shared/ui';

/** A failed load: the server's reason when it refused (e.g. not a base operator), else "Failed to load" + Retry. */
export function LoadFailure({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation('common');
  if (error instanceof ApiError && error.code === 0 && error.status > 0 && error.status < 500)
    return <EmptyState text={error.message} />;
  return (
    <EmptyState
      text={t('loadFailed')}
      action={
        <button type="button" className="ph-link-button" onClick={onRetry}>
          {t('retry')}
        </button>
      }
    />
  );
}
