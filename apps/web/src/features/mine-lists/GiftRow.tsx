import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MyGift } from '@petheart/contracts';
import { formatDate } from '../../shared/format';
import { formatCoins } from '../../shared/format/money';
import { useLanguage, useMessage } from '../../shared/i18n';
import { LangTag, textLang } from '../../shared/ui';
import { eventPath } from './paths';
import styles from './mine-lists.module.css';

/**
 * A gift in the support history: the event (marked with its language when it is not the reader's), the item and
 * its points, coins or help-pay, the date. Opens the event.
 */
export function GiftRow({ gift }: { gift: MyGift }) {
  const { t } = useTranslation('mine-lists');
  const { locale } = useLanguage();
  const message = useMessage();
  const date = new Date(gift.created_at * 1000);
  return (
    <Link to={eventPath(gift.event_id)} className={styles.row} data-testid="mine-gift" data-source={gift.source}>
      <span className={styles.body}>
        <span className={`${styles.withTag} ${styles.title}`}>
          <span className={styles.clip} {...textLang(gift.text_lang)}>
            {gift.event_title}
          </span>
          <LangTag lang={gift.text_lang} />
        </span>
        <span className={styles.sub}>
          {t('support.item', { item: gift.item_title, count: gift.points, n: gift.points })}
        </span>
        <span className={styles.sub}>
          <time dateTime={date.toISOString()}>{formatDate(date, locale)}</time>
          {gift.event_status === 'closed' ? ` · ${message('support.event.closed')}` : ''}
        </span>
      </span>
      <span className={styles.side}>
        <span className={styles.coins}>
          {t('support.coins', { count: gift.coins, n: formatCoins(gift.coins, locale) })}
        </span>
        <span className={gift.source === 'help_pay' ? `${styles.source} ${styles.helpPay}` : styles.source}>
          {t(`support.source.${gift.source}`)}
        </span>
      </span>
    </Link>
  );
}
