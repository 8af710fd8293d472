import { useState } from 'react';
import { SpinLoading } from 'antd-mobile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CareCommandKind, DeviceCareCommand } from '@petheart/contracts';
import { useConfirmedMutation } from '../shared/confirm';
import styles from '../shared/admin.module.css';
import { useDeviceCareApi } from './api';
import { CareAnswer } from './CareAnswer';
import { CareCard, type CareField } from './CareCard';
import { DEFAULT_LOG_LINES, careCommand, type FieldKind } from './care-forms';
import { careKeys } from './keys';
import own from './device-care.module.css';

const EMPTY_FIELDS: Record<FieldKind, string> = { calibrate: '', test_dispense: '', report: DEFAULT_LOG_LINES };

/**
 * The care actions (tare, calibrate, test dispense, report, restart after a confirmation), one command at a time:
 * while it is out every button is disabled and the panel says it waits for the station; then its answer. A refusal
 * (validation, network) is shown by the API client like everywhere in the console.
 */
export function CarePanel({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation('admin');
  const api = useDeviceCareApi();
  const queryClient = useQueryClient();
  const [fields, setFields] = useState(EMPTY_FIELDS);
  const [errors, setErrors] = useState<Partial<Record<FieldKind, string>>>({});

  const send = useMutation({
    mutationFn: (command: DeviceCareCommand) => api.care(deviceId, command),
    // The log gains the entry and the facts may change (a restart, a configuration reported).
    onSettled: () => queryClient.invalidateQueries({ queryKey: careKeys.device(deviceId) }),
  });
  const restart = useConfirmedMutation({
    question: t('care.restartConfirm', { id: deviceId }),
    run: (kind: 'restart') => send.mutateAsync({ kind }),
    done: () => undefined,
    refresh: careKeys.device(deviceId),
  });
  const busy = send.isPending;

  const submit = (kind: CareCommandKind, text?: string) => {
    const checked = careCommand(kind, text);
    if (kind in EMPTY_FIELDS) setErrors((e) => ({ ...e, [kind]: checked.ok ? undefined : checked.message }));
    if (checked.ok) send.mutate(checked.command);
  };
  const field = (kind: FieldKind, label: string): CareField => ({
    label,
    value: fields[kind],
    error: errors[kind],
    onChange: (value) => {
      setFields((f) => ({ ...f, [kind]: value }));
    },
  });

  return (
    <section className={styles.panel} aria-labelledby="care-actions-title">
      <h2 id="care-actions-title" className={own.heading}>
        {t('care.actions')}
      </h2>
      <div className={own.cards}>
        <CareCard
          busy={busy}
          id="care-tare"
          title={t('care.kind.tare')}
          button={t('care.tareButton')}
          onSend={() => {
            submit('tare');
          }}
        >
          {t('care.tareHint')}
        </CareCard>
        <CareCard
          busy={busy}
          id="care-calibrate"
          title={t('care.kind.calibrate')}
          button={t('care.calibrateButton')}
          field={field('calibrate', t('care.knownGrams'))}
          onSend={() => {
            submit('calibrate', fields.calibrate);
          }}
        >
          {t('care.calibrateHint')}
        </CareCard>
        <CareCard
          busy={busy}
          id="care-test"
          title={t('care.kind.test_dispense')}
          button={t('care.testButton')}
          field={field('test_dispense', t('care.testGrams'))}
          onSend={() => {
            submit('test_dispense', fields.test_dispense);
          }}
        >
          {t('care.testHint')}
        </CareCard>
        <CareCard
          busy={busy}
          id="care-report"
          title={t('care.kind.report')}
          button={t('care.reportButton')}
          field={field('report', t('care.reportLines'))}
          onSend={() => {
            submit('report', fields.report);
          }}
        >
          {t('care.reportHint')}
        </CareCard>
        <CareCard
          busy={busy}
          id="care-restart"
          title={t('care.kind.restart')}
          button={t('care.restartButton')}
          danger
          onSend={() => void restart.confirm('restart')}
        >
          {t('care.restartHint')}
        </CareCard>
      </div>
      <div className={own.result} aria-live="polite">
        {busy ? (
          <div className={own.waiting} role="status">
            <SpinLoading style={{ '--size': '20px' }} aria-hidden="true" />
            {t('care.waiting')}
          </div>
        ) : send.data ? (
          <CareAnswer entry={send.data} />
        ) : null}
      </div>
    </section>
  );
}
