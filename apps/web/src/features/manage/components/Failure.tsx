import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api';
import { EmptyState } from '../../../shared/ui';

/** A refusal (not a base operator, not theirs) shows the server's reason; other failures offer a retry. */
export function Failure({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation('common');
  if (error instanceof ApiError && error.status > 0 && error.status < 500) return <EmptyState text={error.message} />;
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
