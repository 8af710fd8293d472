import { DotLoading } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConsoleSettings } from '@petheart/contracts';
import { useLanguage } from '../../shared/i18n';
import { useSession } from '../../shared/session';
import { PackagesEditor } from './PackagesEditor';
import { PortionsEditor } from './PortionsEditor';
import adminStyles from '../shared/admin.module.css';
import styles from '../shared/money.module.css';
import { LoadFailed } from '../shared/DataTable';
import { useSettingsApi } from './api';
import { settingsKeys } from './keys';

/**
 * Settings: the recharge packages and the default feeding portions, each saved on its own. A save shows in the
 * app at once (getConfiguration); this browser's copy of the configuration is fetched again too.
 */
export function SettingsView() {
  const { t } = useTranslation('admin');
  const settingsCalls = useSettingsApi();
  const { locale } = useLanguage();
  const { refreshConfig } = useSession();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: settingsKeys.all,
    queryFn: () => settingsCalls.get(),
  });
  const onSaved = (saved: ConsoleSettings) => {
    queryClient.setQueryData(settingsKeys.all, saved);
    void refreshConfig().catch(() => undefined);
  };

  const settings = query.data;
  return (
    <>
      <h1 className={adminStyles.title}>{t('settings.title')}</h1>
      {!settings ? (
        <div className={adminStyles.panel}>
          {query.isError ? (
            <LoadFailed onRetry={() => void query.refetch()} />
          ) : (
            <div className={adminStyles.empty}>
              <DotLoading />
            </div>
          )}
        </div>
      ) : (
        <>
          <section className={`${adminStyles.panel ?? ''} ${styles.section ?? ''}`}>
            <div className={styles.sectionHead}>
              <h2>{t('settings.packages')}</h2>
            </div>
            <p className={styles.hint}>{t('settings.packagesHint')}</p>
            <PackagesEditor settings={settings} locale={locale} onSaved={onSaved} />
          </section>
          <section className={`${adminStyles.panel ?? ''} ${styles.section ?? ''}`}>
            <div className={styles.sectionHead}>
              <h2>{t('settings.portions')}</h2>
            </div>
            <p className={styles.hint}>{t('settings.portionsHint')}</p>
            <PortionsEditor settings={settings} onSaved={onSaved} />
          </section>
        </>
      )}
    </>
  );
}
