import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
// Not the shared/ui barrel: through it the entry would reach (and carry) every list and query hook it re-exports.
import { EmptyState } from '../shared/ui/EmptyState';
import { PageHeader } from '../shared/ui/PageHeader';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeader title={t('notFound')} />
      <EmptyState
        text={t('notFound')}
        action={
          <Link className="ph-link-button" to="/" replace>
            {t('goHome')}
          </Link>
        }
      />
    </>
  );
}

/** A route that failed to render or load (e.g. a chunk missing after a deploy). */
export function RouteErrorPage() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  const text = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : t('loadFailed');
  return (
    <EmptyState
      text={text}
      action={
        <button
          type="button"
          className="ph-link-button"
          onClick={() => {
            window.location.reload();
          }}
        >
          {t('retry')}
        </button>
      }
    />
  );
}
