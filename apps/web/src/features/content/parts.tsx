import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { ContentBody } from '../../shared/content/ContentBody';
import { useMessage } from '../../shared/i18n';
import { useNavigator } from '../../shared/navigation';
import { useSession } from '../../shared/session';
import { EmptyState } from '../../shared/ui';
import { contentApi } from './api';
import styles from './content.module.css';

export function useContentApi() {
  const client = useApi();
  return useMemo(() => contentApi(client), [client]);
}

/** The spec's empty state: "no introduction yet" (the contracts message, in the user's language). */
export function NoIntroduction() {
  const message = useMessage();
  return <EmptyState text={message('empty.noIntroduction')} />;
}

export function Loading() {
  const { t } = useTranslation('common');
  return (
    <div className="ph-page-fallback" role="status">
      <span className="ph-spinner ph-spinner-large" aria-hidden="true" />
      <span className="ph-visually-hidden">{t('loading')}</span>
    </div>
  );
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('common');
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

/** Says so when the text is shown in another language than the reader's (no translation written yet). */
export function OtherLanguage({ lang, locale }: { lang: Locale; locale: Locale }) {
  const { t } = useTranslation('content');
  if (lang === locale) return null;
  return (
    <p className={styles.notice} data-testid="other-language">
      {t('otherLanguage', { language: t(`languages.${lang}`) })}
    </p>
  );
}

/** A parsed body, with the app's links pushed and images on the asset host. */
export function Body({ body }: { body: Parameters<typeof ContentBody>[0]['body'] }) {
  const { navigateTo } = useNavigator();
  const { config } = useSession();
  return <ContentBody body={body} assetHost={config?.asset_host ?? ''} onNavigate={navigateTo} />;
}
