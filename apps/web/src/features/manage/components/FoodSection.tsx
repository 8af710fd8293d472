import { useMemo, useState } from 'react';
import { Popup } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMinorUnits, type FoodPurchase } from '@petheart/contracts';
import { useApi } from '../../../shared/api';
import { formatDate, formatWeight, imageUrl } from '../../../shared/format';
import { useLanguage, useMessage } from '../../../shared/i18n';
import { useSession } from '../../../shared/session';
import { EmptyState, confirmDialog, toast } from '../../../shared/ui';
import { FOOD_KEY, FOOD_PAGE, foodApi, type FoodApi } from '../food-api';
import { FoodForm } from './FoodForm';
import sheet from '../health.module.css';
import page from '../manage.module.css';
import styles from '../food.module.css';

/** One purchase: its receipt, grams and money, date, base and note; void it, or when it was voided. */
function PurchaseItem({ p, api, onVoided }: { p: FoodPurchase; api: FoodApi; onVoided: () => void }) {
  const { t } = useTranslation('manage');
  const { locale } = useLanguage();
  const message = useMessage();
  const assetHost = useSession().config?.asset_host ?? '';
  const day = formatDate(new Date(`${p.purchased_on}T00:00:00`), locale);
  const voidIt = async () => {
    if (!(await confirmDialog(t('food.voidTitle'), t('food.voidText')))) return;
    try {
      await api.void(p.id);
    } catch {
      return; // the client has toasted why
    }
    toast(message('ok.foodVoided'));
    onVoided();
  };
  return (
    <li className={p.voided_at === null ? styles.item : `${styles.item} ${styles.voided}`} data-testid="food-item">
      <img
        className={styles.photo}
        src={imageUrl(p.receipt_photo, assetHost)}
        alt={t('food.receiptOf', { date: day })}
      />
      <span className={styles.main}>
        <span className={styles.grams}>
          {formatWeight(p.grams, locale)} · {formatMinorUnits(p.amount, p.currency, locale)}
        </span>
        <span className={styles.meta}>{[day, p.base_name, p.note].filter(Boolean).join(' · ')}</span>
      </span>
      {p.voided_at === null ? (
        <button type="button" className={styles.voidButton} onClick={() => void voidIt()}>
          {t('food.void')}
        </button>
      ) : (
        <span className={styles.voidedTag}>{t('food.voided')}</span>
      )}
    </li>
  );
}

/**
 * The manage page's "Food bought" (issue 28 §3): what the operator recorded buying for their bases (voided
 * entries marked), newest first, and a sheet to record a purchase with its receipt. The public accounts show
 * every purchase not voided.
 */
export function FoodSection() {
  const { t } = useTranslation('manage');
  const client = useApi();
  const api = useMemo(() => foodApi(client), [client]);
  const assetHost = useSession().config?.asset_host ?? '';
  const queryClient = useQueryClient();
  const [limit, setLimit] = useState(FOOD_PAGE);
  const [open, setOpen] = useState(false);
  const list = useQuery({ queryKey: [...FOOD_KEY, limit], queryFn: () => api.list(limit), retry: false });
  const data = list.data;
  if (!data || data.bases.length === 0) return null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: FOOD_KEY });
  const close = () => {
    setOpen(false);
  };
  return (
    <section className={styles.section} aria-labelledby="food-title" data-testid="food-section">
      <div className={page.sectionHead}>
        <h2 id="food-title" className={page.sectionTitle}>
          {t('food.title')}
        </h2>
        <button
          type="button"
          className={styles.record}
          onClick={() => {
            setOpen(true);
          }}
        >
          {t('food.record')}
        </button>
      </div>
      <p className={page.sectionNote}>{t('food.why')}</p>
      {data.list.length === 0 ? (
        <EmptyState text={t('food.empty')} />
      ) : (
        <ul className={styles.list}>
          {data.list.map((p) => (
            <PurchaseItem key={p.id} p={p} api={api} onVoided={() => void refresh()} />
          ))}
        </ul>
      )}
      {data.total > data.list.length && (
        <button
          type="button"
          className={`ph-link-button ${styles.more}`}
          onClick={() => {
            setLimit((n) => Math.min(100, n + FOOD_PAGE));
          }}
        >
          {t('food.more')}
        </button>
      )}
      <Popup visible={open} onMaskClick={close} onClose={close} bodyClassName={sheet.sheet} destroyOnClose>
        <div role="dialog" aria-modal="true" aria-labelledby="food-sheet-title" className={sheet.dialog}>
          <div className={sheet.sheetHead}>
            <div className={sheet.sheetTitles}>
              <h2 id="food-sheet-title" className={sheet.sheetTitle}>
                {t('food.title')}
              </h2>
              <span className={sheet.sheetSub}>{t('food.why')}</span>
            </div>
            <button type="button" className={sheet.close} aria-label={t('care.close')} onClick={close}>
              ×
            </button>
          </div>
          <div className={sheet.sheetBody}>
            <FoodForm
              api={api}
              data={data}
              assetHost={assetHost}
              onDone={() => {
                close();
                void refresh();
              }}
            />
          </div>
        </div>
      </Popup>
    </section>
  );
}
