import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CASHOUT_STATUS_IDS, cashoutStatusMessage } from '@petheart/contracts';
import { useLanguage, useMessage } from '../../shared/i18n';
import { statusFromFilter } from './cashout-console';
import { CashoutDetail, CashoutStatusTag } from './CashoutDetail';
import { CashoutRules } from './CashoutRules';
import { useConsoleList } from '../shared/console-list';
import { DataTable, Drawer, ListPanel, LoadFailed } from '../shared/DataTable';
import { formatMoney } from '../../shared/format/money';
import { FilterBar, SelectFilter, TextFilter, useFilters } from '../shared/money-ui';
import { formatTimestamp } from '../sections';
import styles from '../shared/admin.module.css';
import money from '../shared/money.module.css';
import own from '../shared/operator-console.module.css';
import { cashoutsLists } from './api';
import { cashoutsKeys } from './keys';

interface CashoutFilters {
  status: string;
  user: string;
}
const ALL: CashoutFilters = { status: '', user: '' };

/**
 * Cash-outs: filter by status and operator, a paged table (card numbers masked), and the processing view in a
 * drawer with the whole card number, the history and the allowed actions; the cash-out rules under the table.
 */
export function CashoutsView() {
  const { t } = useTranslation('admin');
  const message = useMessage();
  const { locale } = useLanguage();
  const queryClient = useQueryClient();
  const filters = useFilters<CashoutFilters>(ALL, () => undefined);
  const [shown, setShown] = useState<number | null>(null);
  const { applied, draft, set } = filters;
  const status = statusFromFilter(applied.status);
  const list = useConsoleList({
    key: cashoutsKeys.list(applied, filters.page),
    endpoint: cashoutsLists.cashouts,
    filters,
    data: {
      ...(status !== undefined ? { status } : {}),
      ...(applied.user.trim() ? { user: applied.user.trim() } : {}),
    },
  });
  const data = list.data;
  const close = () => {
    setShown(null);
  };
  return (
    <>
      <ListPanel title={t('cashouts.title')} {...list.panel}>
        <FilterBar {...list.bar} total={data ? t('cashouts.total', { count: data.total }) : null}>
          <SelectFilter
            label={t('cashouts.status')}
            anyLabel={t('cashouts.anyStatus')}
            value={draft.status}
            onChange={(v) => {
              filters.apply({ ...draft, status: v });
            }}
            options={CASHOUT_STATUS_IDS.map((s) => ({ value: String(s), label: message(cashoutStatusMessage(s)) }))}
          />
          <TextFilter
            label={t('cashouts.user')}
            placeholder={t('cashouts.userPlaceholder')}
            value={draft.user}
            onChange={(v) => {
              set('user', v);
            }}
            wide
          />
        </FilterBar>
        <DataTable
          compact
          columns={[
            t('cashouts.id'),
            t('cashouts.user'),
            t('cashouts.amount'),
            t('cashouts.fee'),
            t('cashouts.net'),
            t('cashouts.card'),
            t('cashouts.status'),
            t('cashouts.requested'),
            t('cashouts.actions'),
          ]}
          items={data?.list}
          empty={t('cashouts.empty')}
          row={(c) => (
            <tr key={c.id} data-testid={`cashout-row-${String(c.id)}`}>
              <td>{c.id}</td>
              <td>
                <span className={styles.ellipsis} title={c.user.email ?? c.user.nickname}>
                  {c.user.email ?? c.user.nickname}
                </span>
              </td>
              <td className={money.number}>{formatMoney(c.amount, c.currency, locale)}</td>
              <td className={money.number}>{formatMoney(c.fee, c.currency, locale)}</td>
              <td className={`${money.number ?? ''} ${own.net ?? ''}`}>
                {formatMoney(c.net_amount, c.currency, locale)}
              </td>
              <td>
                <span className={styles.ellipsis} title={c.bank}>
                  <span className={own.card}>{c.card_number}</span> · {c.bank}
                </span>
              </td>
              <td>
                <CashoutStatusTag status={c.status} />
              </td>
              <td>{formatTimestamp(c.created_at, locale)}</td>
              <td>
                <Button
                  size="mini"
                  color={c.actions.length > 0 ? 'primary' : 'default'}
                  onClick={() => {
                    setShown(c.id);
                  }}
                >
                  {c.actions.length > 0 ? t('cashouts.process') : t('cashouts.view')}
                </Button>
              </td>
            </tr>
          )}
        >
          {!data && list.query.isError ? <LoadFailed onRetry={() => void list.query.refetch()} /> : null}
        </DataTable>
      </ListPanel>
      <CashoutRules />
      <Drawer open={shown !== null} onClose={close}>
        {shown !== null ? (
          <CashoutDetail
            key={shown}
            id={shown}
            onClose={close}
            onChanged={() => {
              void queryClient.invalidateQueries({ queryKey: cashoutsKeys.lists });
            }}
          />
        ) : null}
      </Drawer>
    </>
  );
}
