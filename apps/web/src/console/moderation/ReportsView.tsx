import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Tag, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  AdminReportResolveBodySchema,
  REPORT_NOTE_MAX_CHARS,
  REPORT_STATUSES,
  type AdminReport,
} from '@petheart/contracts';
import { DEFAULT_AVATAR, imageUrl } from '../../shared/format';
import { useLanguage } from '../../shared/i18n';
import { useSession } from '../../shared/session';
import { useConsoleList } from '../shared/console-list';
import { Thumbs } from '../shared/content-ui';
import { DeviceCell } from '../shared/cells';
import { TextAreaField } from '../shared/fields';
import { FilterBar, SelectFilter, useFilters } from '../shared/filters';
import { ListScreen, useDetailDrawer } from '../shared/ListScreen';
import { formatTimestamp } from '../sections';
import styles from '../shared/admin.module.css';
import own from '../shared/console-content.module.css';
import { moderationLists, useModerationApi } from './api';
import { moderationKeys } from './keys';

const STATUS_COLORS = { open: 'warning', resolved: 'success' } as const;
type ReportStatus = (typeof REPORT_STATUSES)[number];
const isStatus = (v: string): v is ReportStatus => (REPORT_STATUSES as readonly string[]).includes(v);

const ResolveFormSchema = AdminReportResolveBodySchema.pick({ note: true });
type ResolveForm = z.input<typeof ResolveFormSchema>;

/** Resolving needs a note (kept with the report); sent to moderationConsoleEndpoints.reportResolve. */
function ResolveReportForm({
  report,
  onDone,
  children,
}: {
  report: AdminReport;
  onDone: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const moderation = useModerationApi();
  const { control, handleSubmit, formState } = useForm<ResolveForm>({
    resolver: zodResolver(ResolveFormSchema),
    defaultValues: { note: '' },
  });
  const submit = handleSubmit(async ({ note }) => {
    try {
      await moderation.resolveReport(report.id, note);
    } catch {
      return;
    }
    Toast.show({ content: t('reports.statuses.resolved'), icon: 'success' });
    onDone();
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label={t('reports.resolve')}>
      <TextAreaField
        control={control}
        name="note"
        id="report-note"
        label={t('reports.note')}
        hint={t('reports.noteHint')}
        autoSize={{ minRows: 2, maxRows: 5 }}
        maxLength={REPORT_NOTE_MAX_CHARS}
        showCount
      />
      <div className={own.decisionButtons}>
        {children}
        <Button color="primary" type="submit" loading={formState.isSubmitting}>
          {t('reports.resolve')}
        </Button>
      </div>
    </form>
  );
}

/** One problem report: the reporter, the device (with its live room), the text, the images, and the resolution. */
function ReportDetail({ report, onDone, onClose }: { report: AdminReport; onDone: () => void; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { locale } = useLanguage();
  const { config } = useSession();
  const assetHost = config?.asset_host ?? '';
  const close = (
    <Button className={own.closeButton} onClick={onClose}>
      {t('shared.close')}
    </Button>
  );
  return (
    <div className={own.review} data-testid="report-detail">
      <h2 className={styles.formTitle}>
        {t('reports.detail', { id: report.id })}{' '}
        <Tag color={STATUS_COLORS[report.status]} fill="outline">
          {t(`reports.statuses.${report.status}`)}
        </Tag>
      </h2>
      <div className={own.reviewBody}>
        <div className={own.who}>
          <img className={own.avatar} src={imageUrl(report.reporter.avatar, assetHost, DEFAULT_AVATAR)} alt="" />
          <span>
            <span className={own.whoName}>{report.reporter.nickname}</span>
            <span className={own.whoMeta}>
              {' '}
              · ID {report.reporter.id} · {formatTimestamp(report.created_at, locale)}
            </span>
          </span>
        </div>
        <dl className={own.facts}>
          <dt>{t('reports.device')}</dt>
          <dd>
            {report.device_name} · {report.base_name} <code>{report.device_id}</code>
            <div>
              <a
                href={`/pages/live/live?device_id=${encodeURIComponent(report.device_id)}`}
                target="_blank"
                rel="noreferrer"
              >
                {t('reports.openLive')}
              </a>
            </div>
          </dd>
        </dl>
        <p className={own.fullText}>{report.reason}</p>
        {report.images.length > 0 ? (
          <div className={own.imageGrid}>
            {report.images.map((src, i) => {
              const url = imageUrl(src, assetHost);
              return (
                <a key={`${src}#${String(i)}`} href={url} target="_blank" rel="noreferrer">
                  <img src={url} alt={`${t('reports.images')} ${String(i + 1)}`} />
                </a>
              );
            })}
          </div>
        ) : (
          <p className={own.whoMeta}>{t('reports.noImages')}</p>
        )}
        {report.status === 'resolved' ? (
          <>
            <p className={own.noteBox}>
              {t('reports.note')}: {report.note}
            </p>
            {report.resolved_by && report.resolved_at ? (
              <p className={own.whoMeta}>
                {t('reports.resolved', {
                  name: report.resolved_by.nickname,
                  time: formatTimestamp(report.resolved_at, locale),
                })}
              </p>
            ) : null}
          </>
        ) : null}
      </div>
      <div className={own.decision}>
        {report.status === 'open' ? (
          <ResolveReportForm report={report} onDone={onDone}>
            {close}
          </ResolveReportForm>
        ) : (
          <div className={own.decisionButtons}>{close}</div>
        )}
      </div>
    </div>
  );
}

/** The problem-report queue: open ones first (oldest first), images previewed; resolve with a note. */
export function ReportsView() {
  const { t } = useTranslation('admin');
  const { locale } = useLanguage();
  const filters = useFilters<{ status: string }>({ status: 'open' });
  const drawer = useDetailDrawer<AdminReport>(moderationKeys.reports);
  const status = filters.applied.status;
  const list = useConsoleList({
    key: moderationKeys.reportList(status, filters.page),
    endpoint: moderationLists.reports,
    paging: filters,
    data: { status: isStatus(status) ? status : undefined },
  });
  const data = list.data;
  return (
    <ListScreen
      title={t('reports.title')}
      list={list}
      compact
      columns={[
        t('reports.id'),
        t('reports.reporter'),
        t('reports.device'),
        t('reports.reason'),
        t('reports.images'),
        t('reports.created'),
        t('reports.status'),
        t('reports.actions'),
      ]}
      empty={t('reports.empty')}
      row={(r) => (
        <tr key={r.id} data-testid={`report-row-${String(r.id)}`}>
          <td>{r.id}</td>
          <td>
            <span className={styles.ellipsis}>{r.reporter.nickname}</span>
          </td>
          <td>
            <DeviceCell name={r.device_name} base={r.base_name} />
          </td>
          <td>
            <span className={own.preText}>{r.reason}</span>
          </td>
          <td>{r.images.length > 0 ? <Thumbs urls={r.images} /> : '—'}</td>
          <td>{formatTimestamp(r.created_at, locale)}</td>
          <td>
            <Tag color={STATUS_COLORS[r.status]} fill="outline">
              {t(`reports.statuses.${r.status}`)}
            </Tag>
          </td>
          <td>
            <Button
              size="mini"
              color={r.status === 'open' ? 'primary' : 'default'}
              onClick={() => {
                drawer.open(r);
              }}
            >
              {r.status === 'open' ? t('reports.resolve') : t('reports.view')}
            </Button>
          </td>
        </tr>
      )}
      drawer={drawer}
      detail={(report) => <ReportDetail key={report.id} report={report} onClose={drawer.close} onDone={drawer.done} />}
    >
      <FilterBar filters={filters} total={data ? t('reports.total', { count: data.total }) : null}>
        <SelectFilter
          label={t('reports.status')}
          anyLabel={t('reports.anyStatus')}
          {...filters.choice('status')}
          options={REPORT_STATUSES.map((s) => ({ value: s, label: t(`reports.statuses.${s}`) }))}
        />
      </FilterBar>
    </ListScreen>
  );
}
