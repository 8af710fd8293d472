import { useState } from 'react';
import { Button, DotLoading, Tag, Toast } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  AdminCashoutActionBodySchema,
  AdminCashoutReasonBodySchema,
  cashoutStatusMessage,
  type AdminCashoutDetail,
  type AdminCashoutEvent,
  type CashoutAdminAction,
  type CashoutStatus,
} from '@petheart/contracts';
import { useLanguage, useMessage } from '../../shared/i18n';
import { ACTION_DONE, actionButtons, isDangerAction, noteRequired } from './cashout-console';
import { formatMoney } from '../../shared/format/money';
import { formatTimestamp } from '../sections';
import { NoteForm } from '../shared/note-form';
import { CopyValue } from '../shared/ui';
import styles from '../shared/admin.module.css';
import content from '../shared/console-content.module.css';
import own from '../shared/operator-console.module.css';
import { useCashoutsApi } from './api';
import { cashoutsKeys } from './keys';

/** Tag colours by status: waiting (blue), to act on (orange), done (green), failed or refused (red), expired. */
export const CASHOUT_COLORS: Record<string, 'primary' | 'warning' | 'success' | 'danger' | 'default'> = {
  applying: 'warning',
  '0': 'warning',
  '1': 'primary',
  '2': 'primary',
  '3': 'default',
  '4': 'danger',
  '5': 'success',
  '6': 'danger',
};

export function CashoutStatusTag({ status }: { status: CashoutStatus }) {
  const message = useMessage();
  return (
    <Tag color={CASHOUT_COLORS[String(status)] ?? 'default'} fill="outline" data-testid="cashout-status">
      {message(cashoutStatusMessage(status))}
    </Tag>
  );
}

const RequiredNote = AdminCashoutReasonBodySchema.shape.note;
const OptionalNote = AdminCashoutActionBodySchema.shape.note;

/** The note form of one action: what it does, the note (the reason, required for reject and failed), confirm. */
function ActionForm({
  cashout: c,
  action,
  onCancel,
  onDone,
}: {
  cashout: AdminCashoutDetail;
  action: CashoutAdminAction;
  onCancel: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('admin');
  const message = useMessage();
  const cashouts = useCashoutsApi();
  const { locale } = useLanguage();
  const required = noteRequired(action);
  const label = t(`cashouts.actionLabels.${action}`);
  return (
    <NoteForm
      name={label}
      testId="cashout-action-form"
      intro={
        <p className={own.muted}>
          {t(`cashouts.confirms.${action}`, { id: c.id, net: formatMoney(c.net_amount, c.currency, locale) })}
        </p>
      }
      schema={required ? RequiredNote : OptionalNote}
      field={{
        id: 'cashout-note',
        label: required ? t('cashouts.noteRequired') : t('cashouts.noteOptional'),
        maxLength: 200,
        maxRows: 4,
      }}
      submitLabel={label}
      color={isDangerAction(action) ? 'danger' : 'primary'}
      send={(note) => cashouts.act(action, c.id, note)}
      onSent={() => {
        Toast.show({ content: message(ACTION_DONE[action]), icon: 'success' });
        onDone();
      }}
    >
      <Button onClick={onCancel}>{t('shared.cancel')}</Button>
    </NoteForm>
  );
}

/** Who moved it: the console user (email or nickname), else the operator / system. */
function Who({ event }: { event: AdminCashoutEvent }) {
  const { t } = useTranslation('admin');
  const actor = t(`cashouts.actors.${event.actor}`);
  if (!event.by) return <>{actor}</>;
  return (
    <>
      {actor}: {event.by.nickname}
      <span className={own.muted}> (ID {event.by.id})</span>
    </>
  );
}

/** Every step of a cash-out: when, from → to, who and their note. */
function History({ history, locale }: { history: AdminCashoutEvent[]; locale: string }) {
  const { t } = useTranslation('admin');
  const message = useMessage();
  return (
    <table className={own.history} data-testid="cashout-history">
      <thead>
        <tr>
          <th>{t('cashouts.when')}</th>
          <th>{t('cashouts.status')}</th>
          <th>{t('cashouts.by')}</th>
          <th>{t('cashouts.note')}</th>
        </tr>
      </thead>
      <tbody>
        {history.map((h, i) => (
          <tr key={`${String(h.at)}-${String(i)}`}>
            <td>{formatTimestamp(h.at, locale)}</td>
            <td>
              {h.from === null ? t('cashouts.requestedStep') : message(cashoutStatusMessage(h.from))}{' '}
              <span className={own.arrow}>→</span> {message(cashoutStatusMessage(h.to))}
            </td>
            <td>
              <Who event={h} />
            </td>
            <td>{h.note || '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The processing view of one cash-out (the only place with the whole card number): figures, payee, the hold,
 * the history of who did what and when, and the buttons of the actions the server allows now.
 */
export function CashoutDetail({ id, onClose, onChanged }: { id: number; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation('admin');
  const cashouts = useCashoutsApi();
  const { locale } = useLanguage();
  const [action, setAction] = useState<CashoutAdminAction | null>(null);
  const query = useQuery({
    queryKey: cashoutsKeys.detail(id),
    queryFn: () => cashouts.detail(id),
  });
  const c = query.data;
  const money = (fen: number) => (c ? formatMoney(fen, c.currency, locale) : '');
  const buttons = c ? actionButtons(c.actions) : [];
  return (
    <div className={content.review} data-testid="cashout-detail">
      <h2 className={styles.formTitle}>
        {t('cashouts.detail', { id })} {c ? <CashoutStatusTag status={c.status} /> : null}
      </h2>
      <div className={content.reviewBody}>
        {!c ? (
          <div className={styles.empty}>{query.isError ? t('common:loadFailed') : <DotLoading />}</div>
        ) : (
          <>
            <dl className={own.facts}>
              <dt>{t('cashouts.user')}</dt>
              <dd>
                {c.user.email ?? c.user.nickname} (ID {c.user.id})
              </dd>
              <dt>{t('cashouts.amount')}</dt>
              <dd data-testid="cashout-amount">{money(c.amount)}</dd>
              <dt>{t('cashouts.fee')}</dt>
              <dd>{money(c.fee)}</dd>
              <dt>{t('cashouts.net')}</dt>
              <dd className={own.net}>{money(c.net_amount)}</dd>
              <dt>{t('cashouts.coins')}</dt>
              <dd>
                {c.coins} ({t('cashouts.fee')} {c.fee_coins})
              </dd>
              <dt>{t('cashouts.bank')}</dt>
              <dd>{c.bank}</dd>
              <dt>{t('cashouts.holder')}</dt>
              <dd>{c.name}</dd>
              <dt>{t('cashouts.mobile')}</dt>
              <dd>{c.mobile}</dd>
              <dt>{t('cashouts.requested')}</dt>
              <dd>{formatTimestamp(c.created_at, locale)}</dd>
              <dt>{t('cashouts.hold')}</dt>
              <dd>
                {t(`cashouts.holdStatuses.${c.hold_status}`)} <span className={own.muted}>{c.hold_id}</span>
                {c.ledger_transaction_id !== null ? (
                  <span className={own.muted}>
                    {' '}
                    · {t('cashouts.ledgerTx')} #{c.ledger_transaction_id}
                  </span>
                ) : null}
              </dd>
            </dl>
            <CopyValue label={t('cashouts.fullCard')} value={c.card_number_full} />
            {c.remark ? (
              <p className={c.status === 4 || c.status === 6 ? content.remarkBox : content.noteBox}>
                {t('cashouts.remark')}: {c.remark}
              </p>
            ) : null}
            <div className={own.section}>
              <h3>{t('cashouts.history')}</h3>
              <History history={c.history} locale={locale} />
            </div>
          </>
        )}
      </div>
      <div className={content.decision}>
        {c && action ? (
          <ActionForm
            key={action}
            cashout={c}
            action={action}
            onCancel={() => {
              setAction(null);
            }}
            onDone={() => {
              setAction(null);
              void query.refetch();
              onChanged();
            }}
          />
        ) : (
          <div className={own.actionsBar} data-testid="cashout-actions">
            <Button size="small" className={content.closeButton} onClick={onClose}>
              {t('shared.close')}
            </Button>
            {c && buttons.length === 0 ? <span className={own.muted}>{t('cashouts.noActions')}</span> : null}
            {buttons.map((a) => (
              <Button
                key={a}
                size="small"
                color={isDangerAction(a) ? 'danger' : 'primary'}
                fill={isDangerAction(a) ? 'outline' : 'solid'}
                onClick={() => {
                  setAction(a);
                }}
              >
                {t(`cashouts.actionLabels.${a}`)}
              </Button>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
