import { useTranslation } from 'react-i18next';
import type { Supporter } from '@petheart/contracts';
import { DEFAULT_AVATAR, formatRelativeTime, imageUrl } from '../../../shared/format';
import { formatCoins } from '../../../shared/format/money';
import { useLanguage, useMessage } from '../../../shared/i18n';
import { PagedList, type PagedListState } from '../../../shared/ui';
import styles from '../detail.module.css';

/** The gifts to the event, newest first: who, how many points of which item, coins, when. */
export function Supporters({ list, assetHost }: { list: PagedListState<Supporter>; assetHost: string }) {
  const { t } = useTranslation('events');
  const message = useMessage();
  const { locale } = useLanguage();
  return (
    <section className={styles.section} aria-labelledby="supporters-title">
      <h2 id="supporters-title" className={styles.sectionTitle}>
        {t('detail.supporters')}
      </h2>
      <PagedList
        list={list}
        keyOf={(s) => s.gift_id}
        emptyText={message('empty.noSupporters')}
        renderItem={(s) => (
          <div className={styles.supporter} data-testid="supporter">
            <img className={styles.avatar} src={imageUrl(s.user.avatar, assetHost, DEFAULT_AVATAR)} alt="" />
            <div className={styles.supporterBody}>
              <p className={styles.supporterName}>
                {s.user.nickname}
                {s.source === 'help_pay' ? <span className={styles.helpPayTag}>{t('detail.viaHelpPay')}</span> : null}
              </p>
              <p className={styles.supporterGift}>{t('detail.gave', { points: s.points, item: s.item_title })}</p>
            </div>
            <div className={styles.supporterSide}>
              <span className={styles.supporterCoins}>
                {t('coins', { count: s.coins, n: formatCoins(s.coins, locale) })}
              </span>
              <span className={styles.supporterTime}>{formatRelativeTime(s.created_at, locale)}</span>
            </div>
          </div>
        )}
      />
    </section>
  );
}
