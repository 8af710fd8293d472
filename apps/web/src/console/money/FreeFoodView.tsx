import { useTranslation } from 'react-i18next';
import { AdminFreeFoodBodySchema } from '@petheart/contracts';
import { useLanguage } from '../../shared/i18n';
import { checkedBy, useCheckedList } from '../shared/console-list';
import { Ellipsis } from '../shared/cells';
import { FilterBar, TextFilter, useFilters } from '../shared/filters';
import { ListScreen } from '../shared/ListScreen';
import { formatTimestamp } from '../sections';
import styles from '../shared/money.module.css';
import { moneyLists } from './api';
import { moneyKeys } from './keys';

interface FreeFoodFilters {
  device_id: string;
}
const EMPTY_FILTERS: FreeFoodFilters = { device_id: '' };

/** The list request for these filters and page, checked by the contract (a blank device id is no filter). */
function freeFoodBody(f: FreeFoodFilters, page: number, limit: number) {
  const deviceId = f.device_id.trim();
  const parsed = AdminFreeFoodBodySchema.safeParse({ page, limit, ...(deviceId ? { device_id: deviceId } : {}) });
  return parsed.success
    ? ({ ok: true, body: parsed.data } as const)
    : ({ ok: false, message: parsed.error.issues[0]?.message ?? 'v.invalid' } as const);
}

/**
 * Food given free (decision 026): feeds refunded although their food fell, because the device's answer came
 * after the feed had ended without one. A paged table, filtered by device id; newest answers first.
 */
export function FreeFoodView() {
  const { t } = useTranslation('admin');
  const { locale } = useLanguage();
  const filters = useFilters(EMPTY_FILTERS, checkedBy(freeFoodBody));
  const list = useCheckedList({ key: moneyKeys.freeFood, endpoint: moneyLists.freeFood, filters, body: freeFoodBody });
  const data = list.data;
  const number = new Intl.NumberFormat(locale);

  return (
    <ListScreen
      title={t('freeFood.title')}
      list={list}
      compact
      columns={[
        t('freeFood.created'),
        t('freeFood.device'),
        t('freeFood.base'),
        t('freeFood.user'),
        t('freeFood.grams'),
        t('freeFood.coins'),
        t('freeFood.reason'),
        t('freeFood.answered'),
      ]}
      empty={t('freeFood.empty')}
      row={(f) => (
        <tr key={f.feed_id} data-testid={`free-food-row-${f.feed_id}`}>
          <td title={f.feed_id}>{formatTimestamp(f.created_at, locale)}</td>
          <td>
            <Ellipsis text={f.device_name} />
            <div className={`${styles.mono ?? ''} ${styles.sub ?? ''}`}>{f.device_id}</div>
          </td>
          <td>
            <Ellipsis text={f.base_name} />
          </td>
          <td className={styles.number}>{f.user_id}</td>
          <td className={styles.number}>
            {t('freeFood.gramsValue', { asked: number.format(f.grams), fell: number.format(f.grams_dispensed) })}
          </td>
          <td className={styles.number}>{number.format(f.coins)}</td>
          <td>{f.reason ? t(`freeFood.reasons.${f.reason}`) : '—'}</td>
          <td>{formatTimestamp(f.answered_at, locale) ?? '—'}</td>
        </tr>
      )}
    >
      <p className={styles.hint}>{t('freeFood.hint')}</p>
      <FilterBar filters={filters} total={data ? t('freeFood.total', { count: data.total }) : null}>
        <TextFilter label={t('freeFood.deviceId')} {...filters.text('device_id')} />
      </FilterBar>
    </ListScreen>
  );
}
