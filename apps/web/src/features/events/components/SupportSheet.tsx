import { useState } from 'react';
import { Button, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SupportItem } from '@petheart/contracts';
import { formatCoins } from '../../../shared/format/money';
import { useLanguage, useMessage } from '../../../shared/i18n';
import { maxPoints, remainingPoints } from '../support';
import { useMessageWith } from '../useMessageWith';
import { PointsStepper } from './PointsStepper';
import styles from '../detail.module.css';

/**
 * Supporting an item with coins: the price per point and what a point gives, a points stepper (at most what the
 * item still needs), the total in coins and the balance; Confirm sends it. Mounted per opened item.
 */
export function SupportSheet({
  item,
  balance,
  sending,
  onConfirm,
  onClose,
}: {
  item: SupportItem | null;
  balance: number | undefined;
  sending: boolean;
  onConfirm: (item: SupportItem, points: number) => void;
  onClose: () => void;
}) {
  return (
    <Popup visible={item !== null} onMaskClick={onClose} onClose={onClose} bodyClassName={styles.sheet} destroyOnClose>
      {item ? (
        <SheetBody item={item} balance={balance} sending={sending} onConfirm={onConfirm} onClose={onClose} />
      ) : null}
    </Popup>
  );
}

function SheetBody({
  item,
  balance,
  sending,
  onConfirm,
  onClose,
}: {
  item: SupportItem;
  balance: number | undefined;
  sending: boolean;
  onConfirm: (item: SupportItem, points: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('events');
  const messageWith = useMessageWith();
  const { locale } = useLanguage();
  const [points, setPoints] = useState(1);
  const total = item.price * points;
  const short = balance !== undefined && balance < total;
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="support-sheet-title" data-testid="support-sheet">
      <div className={styles.sheetHead}>
        <h2 id="support-sheet-title" className={styles.sheetTitle}>
          {t('sheet.title', { item: item.title })}
        </h2>
        <button type="button" className={styles.sheetClose} aria-label={t('sheet.close')} onClick={onClose}>
          ×
        </button>
      </div>
      <p className={styles.sheetPrice}>{messageWith('support.perPoint', { price: formatCoins(item.price, locale) })}</p>
      <p className={styles.sheetGift}>{t('detail.gift', { gift: item.gift })}</p>
      <div className={styles.sheetRow}>
        <label htmlFor="support-points">{t('sheet.points')}</label>
        <PointsStepper id="support-points" value={points} max={maxPoints(item)} onChange={setPoints} />
      </div>
      <p className={styles.sheetHint}>{t('sheet.remaining', { n: formatCoins(remainingPoints(item), locale) })}</p>
      <div className={styles.sheetRow}>
        <span>{t('sheet.total')}</span>
        <strong className={styles.sheetTotal} data-testid="support-total">
          {t('coins', { count: total, n: formatCoins(total, locale) })}
        </strong>
      </div>
      {balance !== undefined ? (
        <p className={short ? styles.sheetShort : styles.sheetHint} data-testid="support-balance">
          {t('sheet.balance', { n: formatCoins(balance, locale) })}
        </p>
      ) : null}
      <Button
        block
        color="primary"
        shape="rounded"
        size="large"
        className={styles.sheetConfirm}
        loading={sending}
        onClick={() => {
          onConfirm(item, points);
        }}
      >
        {t('sheet.confirm', { n: formatCoins(total, locale) })}
      </Button>
    </div>
  );
}

/** "Insufficient balance": Recharge (to the wallet) or Cancel. */
export function RechargePrompt({
  visible,
  onRecharge,
  onClose,
}: {
  visible: boolean;
  onRecharge: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('events');
  const message = useMessage();
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName={styles.sheet} destroyOnClose>
      <div role="dialog" aria-modal="true" aria-labelledby="recharge-title" data-testid="recharge-prompt">
        <h2 id="recharge-title" className={styles.sheetTitle}>
          {message('error.insufficient_balance')}
        </h2>
        <p className={styles.sheetGift}>{t('sheet.rechargeText')}</p>
        <div className={styles.sheetActions}>
          <Button block shape="rounded" onClick={onClose}>
            {t('sheet.cancel')}
          </Button>
          <Button block color="primary" shape="rounded" onClick={onRecharge}>
            {t('sheet.recharge')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
