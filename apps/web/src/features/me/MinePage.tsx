import { Avatar, Button, Grid } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../shared/i18n';
import { DEFAULT_AVATAR, formatCount, imageUrl } from '../../shared/format';
import { LOGIN_PATH, useNavigator } from '../../shared/navigation';
import { useSession } from '../../shared/session';
import { PageHeader } from '../../shared/ui';
import { Bell } from '../../shared/notifications/Bell';
import {
  isOperator,
  MORE_ENTRIES,
  OPERATOR_ENTRIES,
  RECHARGE_PATH,
  SERVICE_ENTRIES,
  USERINFO_PATH,
  type MeEntry,
} from './entries';
import styles from './me.module.css';

function EntryGrid({ title, entries }: { title: string; entries: readonly MeEntry[] }) {
  const { t } = useTranslation('me');
  const nav = useNavigator();
  return (
    <section className={styles.section} aria-label={title}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      <Grid columns={4}>
        {entries.map((e) => (
          <Grid.Item key={e.key}>
            <button
              type="button"
              className={styles.entry}
              onClick={() => {
                nav.navigateTo(e.path);
              }}
            >
              <span className={styles.entryIcon} aria-hidden="true">
                <e.icon />
              </span>
              {t(`mine.${e.key}`)}
            </button>
          </Grid.Item>
        ))}
      </Grid>
    </section>
  );
}

export default function MinePage() {
  const { t } = useTranslation('me');
  const { locale } = useLanguage();
  const nav = useNavigator();
  const { user, token, config } = useSession();
  const assetHost = config?.asset_host ?? '';
  const loggedIn = Boolean(token && user);

  return (
    <div className={styles.page}>
      <PageHeader title={t('mine.title')} back={false} right={<Bell />} />
      <div className={styles.card}>
        <button
          type="button"
          className={styles.userRow}
          onClick={() => {
            nav.navigateTo(loggedIn ? USERINFO_PATH : LOGIN_PATH);
          }}
        >
          <Avatar className={styles.avatar} src={imageUrl(user?.avatar, assetHost, DEFAULT_AVATAR)} alt="" />
          <span style={{ flex: 1, minWidth: 0 }}>
            <p className={styles.name} data-testid="mine-nickname">
              {loggedIn && user ? user.nickname : t('mine.loginPrompt')}
            </p>
            <span className={styles.sub}>
              {loggedIn && user ? (user.email ?? user.mobile ?? '') : t('mine.loginHint')}
            </span>
          </span>
          <RightOutline aria-hidden="true" />
        </button>
        {loggedIn && user ? (
          <div className={styles.stats}>
            <div className={styles.stat}>
              <div className={styles.statValue} data-testid="mine-login-days">
                {formatCount(user.login_days, locale)}
              </div>
              <div className={styles.statLabel}>{t('mine.loginDays')}</div>
            </div>
            <div className={styles.stat}>
              <div className={styles.statValue} data-testid="mine-balance">
                {formatCount(user.balance, locale)}
              </div>
              <div className={styles.statLabel}>{t('mine.coins')}</div>
            </div>
            <div className={styles.stat}>
              <Button
                className={styles.recharge}
                size="small"
                shape="rounded"
                onClick={() => {
                  nav.navigateTo(RECHARGE_PATH);
                }}
              >
                {t('mine.recharge')}
              </Button>
            </div>
          </div>
        ) : null}
      </div>
      <EntryGrid title={t('mine.sectionServices')} entries={SERVICE_ENTRIES} />
      {isOperator(user?.roles) ? <EntryGrid title={t('mine.sectionOperator')} entries={OPERATOR_ENTRIES} /> : null}
      <EntryGrid title={t('mine.sectionMore')} entries={MORE_ENTRIES} />
    </div>
  );
}
