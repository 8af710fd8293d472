import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CASHOUT_STATUS_IDS, cashoutStatusMessage } from '@petheart/contracts';
import { useLanguage, useMessage } from '../../shared/i18n';
import { statusFromFilter } from './cashout-console';
import { CashoutDetail, CashoutStatusTag } from './CashoutDetail';
import { CashoutRules } from './CashoutRules';
import { useConsoleList } from '../shared/console-list';
import { Ellipsis } from '../shared/cells';
import { formatMoney } from '../../shared/format/money';
import { FilterBar, SelectFilter, TextFilter, useFilters } from '../shared/filters';
import { ListScreen, useDetailDrawer } from '../shared/ListScreen';
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
  const filters = useFilters<CashoutFilters>(ALL);
  const drawer = useDetailDrawer<number>(cashoutsKeys.lists);
  const { applied } = filters;
  const list = useConsoleList({
    key: cashoutsKeys.list(applied, filters.page),
    endpoint: cashoutsLists.cashouts,
    paging: filters,
    data: { status: statusFromFilter(applied.status), user: applied.user.trim() },
  });
  const data = list.data;
  return (
    <ListScreen
      title={t('cashouts.title')}
      list={list}
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
      empty={t('cashouts.empty')}
      row={(c) => (
        <tr key={c.id} data-testid={`cashout-row-${String(c.id)}`}>
          <td>{c.id}</td>
          <td>
            <Ellipsis text={c.user.email ?? c.user.nickname} />
          </td>
          <td className={money.number}>{formatMoney(c.amount, c.currency, locale)}</td>
          <td className={money.number}>{formatMoney(c.fee, c.currency, locale)}</td>
          <td className={`${money.number ?? ''} ${own.net ?? ''}`}>{formatMoney(c.net_amount, c.currency, locale)}</td>
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
                drawer.open(c.id);
              }}
            >
              {c.actions.length > 0 ? t('cashouts.process') : t('cashouts.view')}
            </Button>
          </td>
        </tr>
      )}
      drawer={drawer}
      detail={(id) => <CashoutDetail key={id} id={id} onClose={drawer.close} onChanged={() => void drawer.refresh()} />}
      after={<CashoutRules />}
    >
      <FilterBar filters={filters} total={data ? t('cashouts.total', { count: data.total }) : null}>
        <SelectFilter
          label={t('cashouts.status')}
          anyLabel={t('cashouts.anyStatus')}
          {...filters.choice('status')}
          options={CASHOUT_STATUS_IDS.map((s) => ({ value: String(s), label: message(cashoutStatusMessage(s)) }))}
        />
        <TextFilter
          label={t('cashouts.user')}
          placeholder={t('cashouts.userPlaceholder')}
          {...filters.text('user')}
          wide
        />
      </FilterBar>
    </ListScreen>
  );
}
