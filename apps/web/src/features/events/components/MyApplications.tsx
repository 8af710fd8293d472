import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SupportApplication } from '@petheart/contracts';
import { formatRelativeTime } from '../../../shared/format';
import { useLanguage, useMessage } from '../../../shared/i18n';
import { PagedList, type PagedListState } from '../../../shared/ui';
import { eventPath } from '../paths';
import styles from '../apply.module.css';

const STATUS_CLASS = { 0: styles.statusPending, 1: styles.statusApproved, 2: styles.statusRejected } as const;

/** The user's applications, newest first: the shelter, its review state (Pending / Approved / Rejected), the reason. */
export function MyApplications({ list }: { list: PagedListState<SupportApplication> }) {
  const message = useMessage();
  return (
    <PagedList
      list={list}
      className={styles.applications}
      keyOf={(a) => a.id}
      emptyText={message('empty.noApplications')}
      renderItem={(a) => <ApplicationRow application={a} />}
    />
  );
}

function ApplicationRow({ application: a }: { application: SupportApplication }) {
  const { t } = useTranslation('events');
  const message = useMessage();
  const { locale } = useLanguage();
  const event = a.event_ids[0];
  return (
    <article className={styles.application} data-testid="application" aria-labelledby={`application-${String(a.id)}`}>
      <div className={styles.applicationHead}>
        <h3 id={`application-${String(a.id)}`} className={styles.applicationName}>
          {a.name}
        </h3>
        <span className={STATUS_CLASS[a.status]} data-testid="application-status">
          {message(`support.status.${String(a.status)}`)}
        </span>
      </div>
      <p className={styles.applicationLine}>{a.address}</p>
      <p className={styles.applicationLine}>
        {a.application_type ? `${t('mine.type', { type: a.application_type })} · ` : ''}
        {t('animals', { count: a.animal_nums, n: a.animal_nums })}
      </p>
      {a.reason ? (
        <p className={a.status === 2 ? styles.reasonRejected : styles.reason} data-testid="application-reason">
          {t('mine.reason', { reason: a.reason })}
        </p>
      ) : a.status === 0 ? (
        <p className={styles.reason}>{t('mine.waiting')}</p>
      ) : null}
      <div className={styles.applicationFoot}>
        <span>{t('mine.appliedAt', { time: formatRelativeTime(a.created_at, locale) })}</span>
        {event !== undefined ? (
          <Link className={styles.eventLink} to={eventPath(event)}>
            {t('mine.viewEvent')}
          </Link>
        ) : null}
      </div>
    </article>
  );
}
