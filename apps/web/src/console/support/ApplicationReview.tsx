import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Dialog, Tag, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { requiredText, type ConsoleSupportApplication, type SupportReviewStatus } from '@petheart/contracts';
import { useLanguage } from '../../shared/i18n';
import { ADMIN_BASE, formatTimestamp } from '../sections';
import { useSupportApi } from './api';
import { SupportEventForm } from './SupportEventForm';
import { NoteForm } from '../shared/note-form';
import styles from '../shared/admin.module.css';
import own from '../shared/console-content.module.css';

export const REVIEW_COLORS: Record<SupportReviewStatus, 'warning' | 'success' | 'danger'> = {
  0: 'warning',
  1: 'success',
  2: 'danger',
};

/** The reason the applicant sees (ConsoleSupportReviewBodySchema: required when rejecting, ≤ 500). */
const RejectReason = requiredText('v.rejectRemark', 500);

/** Sends a review decision (supportConsoleEndpoints.review); resolves with the reviewed application, or null. */
function useReview(id: number) {
  const api = useSupportApi();
  return async (status: 1 | 2, reason = ''): Promise<ConsoleSupportApplication | null> => {
    try {
      return await api.review({ id, status, reason });
    } catch {
      return null; // the API client has shown why
    }
  };
}

function RejectApplicationForm({
  application,
  onDone,
  children,
}: {
  application: ConsoleSupportApplication;
  onDone: (saved: ConsoleSupportApplication) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const review = useReview(application.id);
  return (
    <NoteForm
      name={t('supportApps.rejectTitle')}
      intro={<h3>{t('supportApps.rejectTitle')}</h3>}
      schema={RejectReason}
      field={{
        id: 'application-reject-reason',
        label: t('supportApps.reason'),
        hint: t('supportApps.reasonHint'),
        maxLength: 500,
        maxRows: 5,
      }}
      submitLabel={t('supportApps.reject')}
      color="danger"
      send={(reason) => review(2, reason)}
      onSent={(saved) => {
        if (!saved) return;
        Toast.show({ content: t('supportApps.statuses.2'), icon: 'success' });
        onDone(saved);
      }}
    >
      {children}
    </NoteForm>
  );
}

/**
 * One application in the drawer: everything the shelter told, the account, the review so far; a pending one
 * is approved (after confirming) or rejected with a reason; an approved one can have support events published.
 */
export function ApplicationReview({
  application: a,
  onChanged,
  onClose,
}: {
  application: ConsoleSupportApplication;
  onChanged: (saved: ConsoleSupportApplication) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const { locale } = useLanguage();
  const review = useReview(a.id);
  const [creating, setCreating] = useState(false);

  if (creating)
    return (
      <SupportEventForm
        mode={{ kind: 'create', application: a }}
        onClose={() => {
          setCreating(false);
        }}
        onSaved={(event) => {
          setCreating(false);
          onChanged({ ...a, event_ids: [event.id, ...a.event_ids] });
        }}
      />
    );

  const approve = async () => {
    const ok = await Dialog.confirm({
      'aria-label': t('supportApps.confirmApprove'),
      content: t('supportApps.confirmApprove'),
      cancelText: t('shared.cancel'),
      confirmText: t('supportApps.approve'),
    });
    if (!ok) return;
    const saved = await review(1);
    if (!saved) return;
    Toast.show({ content: t('supportApps.statuses.1'), icon: 'success' });
    onChanged(saved);
  };
  const facts: [string, ReactNode][] = [
    [t('supportApps.shelter'), a.name],
    [t('supportApps.applicant'), a.applicant],
    [t('supportApps.mobile'), a.mobile],
    [t('supportApps.wechat'), a.wechat_number],
    [t('supportApps.type'), a.application_type || `#${String(a.application_type_id)}`],
    [t('supportApps.animals'), String(a.animal_nums)],
    [t('supportApps.address'), a.address],
    [t('supportApps.location'), `${a.latitude.toFixed(5)}, ${a.longitude.toFixed(5)}`],
    [t('supportApps.user'), `${a.user.email ?? a.user.nickname} (ID ${String(a.user.id)})`],
    [t('supportApps.submitted'), formatTimestamp(a.created_at, locale)],
  ];
  const buttons = (
    <>
      <Button className={own.closeButton} onClick={onClose}>
        {t('shared.close')}
      </Button>
      {a.status === 0 ? (
        <Button color="success" onClick={() => void approve()}>
          {t('supportApps.approve')}
        </Button>
      ) : null}
    </>
  );
  return (
    <div className={own.review} data-testid="application-review">
      <h2 className={styles.formTitle}>
        {t('supportApps.detail', { id: a.id })}{' '}
        <Tag color={REVIEW_COLORS[a.status]} fill="outline">
          {t(`supportApps.statuses.${String(a.status)}`)}
        </Tag>
      </h2>
      <div className={own.reviewBody}>
        <dl className={own.facts}>
          {facts.map(([k, v]) => (
            <div key={k} style={{ display: 'contents' }}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
        {a.description ? (
          <>
            <h3 className={own.whoMeta}>{t('supportApps.description')}</h3>
            <p className={own.fullText}>{a.description}</p>
          </>
        ) : null}
        {a.status === 2 && a.reason ? (
          <p className={own.remarkBox}>
            {t('supportApps.reason')}: {a.reason}
          </p>
        ) : null}
        {a.status === 1 && a.reason ? <p className={own.noteBox}>{a.reason}</p> : null}
        {a.reviewed_by && a.reviewed_at ? (
          <p className={own.whoMeta}>
            {t('supportApps.reviewed', {
              name: a.reviewed_by.email ?? a.reviewed_by.nickname,
              time: formatTimestamp(a.reviewed_at, locale),
            })}
          </p>
        ) : null}
        {a.status === 1 ? (
          <div className={own.noteBox} data-testid="application-events">
            {a.event_ids.length > 0 ? (
              <>
                {t('supportApps.events', { count: a.event_ids.length })} ·{' '}
                <Link to={`${ADMIN_BASE}/support-events?application=${String(a.id)}`}>
                  {t('supportApps.openEvents')}
                </Link>
              </>
            ) : (
              t('supportApps.noEvents')
            )}
            <div style={{ marginTop: 8 }}>
              <Button
                size="small"
                color="primary"
                onClick={() => {
                  setCreating(true);
                }}
              >
                {t('supportApps.createEvent')}
              </Button>
            </div>
          </div>
        ) : null}
      </div>
      <div className={own.decision}>
        {a.status === 0 ? (
          <RejectApplicationForm key={a.id} application={a} onDone={onChanged}>
            {buttons}
          </RejectApplicationForm>
        ) : (
          <div className={own.decisionButtons}>{buttons}</div>
        )}
      </div>
    </div>
  );
}
