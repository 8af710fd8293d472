import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageHeader } from '../shared/ui';

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
