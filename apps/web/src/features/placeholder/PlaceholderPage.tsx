import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageHeader } from '../../shared/ui';
import { PLACEHOLDER_PATHS } from './locales';

function isPlaceholderPath(path: string): path is (typeof PLACEHOLDER_PATHS)[number] {
  return (PLACEHOLDER_PATHS as readonly string[]).includes(path);
}

/** A spec route a later issue fills: its proper title and an honest "coming soon" state. */
export default function PlaceholderPage() {
  const { t } = useTranslation('placeholder');
  const { pathname } = useLocation();
  const path = decodeURIComponent(pathname);
  const title = isPlaceholderPath(path) ? t(`titles.${path}`) : t('comingSoon');
  return (
    <>
      <PageHeader title={title} />
      <EmptyState
        text={`${t('comingSoon')} · ${t('comingSoonText')}`}
        action={
          <Link className="ph-link-button" to="/" replace>
            {t('goHome')}
          </Link>
        }
      />
    </>
  );
}
