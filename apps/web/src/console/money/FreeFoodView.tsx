import { useTranslation } from 'react-i18next';
import { AdminFreeFoodBodySchema } from '@petheart/contracts';
import { useLanguage } from '../../shared/i18n';
import { CONSOLE_PAGE_SIZE, useConsoleList } from '../shared/console-list';
import { DataTable, ListPanel, LoadFailed } from '../shared/DataTable';
import { FilterBar, TextFilter, useFilters } from '../shared/money-ui';
import { formatTimestamp } from '../sections';
import adminStyles from '../shared/admin.module.css';
import styles from '../shared/money.module.css';
import { moneyLists } from './api';
import { moneyKeys } from './keys';

interface FreeFoodFilters {
  device_id: string;
}
const EMPTY_FILTERS: FreeFoodFilters = { device_id: '' };

/** The list request for these filters and page, checked by the contract (a blank device id is no filter). */
function freeFoodBody(f: FreeFoodFilters, page: number) {
  const deviceId = f.device_id.trim();
  const parsed = AdminFreeFoodBodySchema.safeParse({
    page,
    limit: CONSOLE_PAGE_SIZE,
    ...(deviceId ? { device_id: deviceId } : {}),
  });
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
  const filters = useFilters(EMPTY_FILTERS, (f) => {
    const body = freeFoodBody(f, 1);
    return body.ok ? undefined : body.message;
  });
  const request = freeFoodBody(filters.applied, filters.page);

  const list = useConsoleList({
    key: moneyKeys.freeFood(request),
    endpoint: moneyLists.freeFood,
    filters,
    data: request.ok ? request.body : {},
  });
  const data = list.data;
  const number = new Intl.NumberFormat(locale);

  return (
    <ListPanel title={t('freeFood.title')} {...list.panel}>
      <p className={styles.hint}>{t('freeFood.hint')}</p>
      <FilterBar {...list.bar} total={data ? t('freeFood.total', { count: data.total }) : null}>
        <TextFilter
          label={t('freeFood.deviceId')}
          value={filters.draft.device_id}
          onChange={(v) => {
            filters.set('device_id', v);
          }}
        />
      </FilterBar>
      <DataTable
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
        items={data?.list}
        empty={t('freeFood.empty')}
        row={(f) => (
          <tr key={f.feed_id} data-testid={`free-food-row-${f.feed_id}`}>
            <td title={f.feed_id}>{formatTimestamp(f.created_at, locale)}</td>
            <td>
              <span className={adminStyles.ellipsis} title={f.device_name}>
                {f.device_name}
              </span>
              <div className={`${styles.mono ?? ''} ${styles.sub ?? ''}`}>{f.device_id}</div>
            </td>
            <td>
              <span className={adminStyles.ellipsis} title={f.base_name}>
                {f.base_name}
              </span>
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
        {!data && list.query.isError ? <LoadFailed onRetry={() => void list.query.refetch()} /> : null}
      </DataTable>
    </ListPanel>
  );
}
