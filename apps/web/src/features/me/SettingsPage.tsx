import { Button, CheckList, Dialog, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { APP_VERSION, type Locale } from '@petheart/contracts';
import { LANGUAGE_PREFERENCES, useLanguage, type LanguagePreference } from '../../shared/i18n';
import { useSession } from '../../shared/session';
import { PageHeader } from '../../shared/ui';
import { NotificationSettings } from './NotificationSettings';
import styles from './me.module.css';

/** Each language is named in its own script, whatever the current language. */
const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  ja: '日本語',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
};

export default function SettingsPage() {
  const { t } = useTranslation('me');
  const language = useLanguage();
  const session = useSession();

  const confirmLogout = async () => {
    const ok = await Dialog.confirm({
      'aria-label': t('settings.logoutConfirm'),
      content: t('settings.logoutConfirm'),
      cancelText: t('settings.cancel'),
      confirmText: t('settings.confirm'),
    });
    if (ok) await session.logout();
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('settings.title')} />
      <List header={t('settings.language')} className={styles.list}>
        <CheckList
          value={[language.preference]}
          onChange={(v) => {
            const next = v[0] as LanguagePreference | undefined;
            if (next) language.setPreference(next);
          }}
        >
          {LANGUAGE_PREFERENCES.map((p) => (
            <CheckList.Item key={p} value={p}>
              <span lang={p === 'auto' ? undefined : p}>{p === 'auto' ? t('settings.auto') : LANGUAGE_NAMES[p]}</span>
            </CheckList.Item>
          ))}
        </CheckList>
      </List>
      {session.token ? <NotificationSettings /> : null}
      <List className={styles.list}>
        <List.Item extra={APP_VERSION}>{t('settings.version')}</List.Item>
      </List>
      {session.token ? (
        <div className={styles.logout}>
          <Button block size="large" shape="rounded" color="danger" fill="outline" onClick={() => void confirmLogout()}>
            {t('settings.logout')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
