import { useQuery } from '@tanstack/react-query';
import { DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { statementEndpoints, type Locale, type StatementSummary } from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { useLanguage } from '../../shared/i18n';
import { toast } from '../../shared/ui';
import styles from './statements.module.css';

/** The command a reader runs on downloaded statements (docs/statements.md). */
export const VERIFY_COMMAND = 'npm run verify-statement -- FILE';

export const statementsKey = (baseId: number) => ['statement', 'list', baseId] as const;

/** A hash as shown: its first and last 8 hex digits (the whole one is copied and in the title). */
export const shortHash = (hash: string) => (hash.length > 20 ? `${hash.slice(0, 8)}…${hash.slice(-8)}` : hash);

/** A UTC month (YYYY-MM) as the locale writes it: "Mar 2026", "2026年3月". */
function monthLabel(month: string, locale: Locale): string {
  const [y, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, 1)),
  );
}

async function copyText(text: string): Promise<boolean> {
  if (!window.isSecureContext || !('clipboard' in navigator)) return false;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function StatementRow({ s }: { s: StatementSummary }) {
  const { t } = useTranslation('transparency');
  const { locale } = useLanguage();
  const month = monthLabel(s.month, locale);
  return (
    <li className={styles.row} data-testid="statement" data-month={s.month}>
      <div className={styles.rowHead}>
        <strong>{month}</strong>
        <span className={styles.lines}>{t('statements.lines', { count: s.lines })}</span>
      </div>
      <div className={styles.hashLine}>
        <span className={styles.hashLabel}>{t('statements.hash')}</span>
        <code className={styles.hash} title={s.hash} data-testid="statement-hash">
          {shortHash(s.hash)}
        </code>
        <button
          type="button"
          className={styles.copy}
          aria-label={t('statements.copyHash', { month })}
          onClick={() => {
            void copyText(s.hash).then((ok) => {
              toast(ok ? t('statements.copied') : t('statements.copyFailed'));
            });
          }}
        >
          {t('statements.copy')}
        </button>
      </div>
      <div className={styles.downloads}>
        <a href={s.json_url} download aria-label={t('statements.downloadJson', { month })}>
          JSON
        </a>
        <a href={s.csv_url} download aria-label={t('statements.downloadCsv', { month })}>
          CSV
        </a>
      </div>
    </li>
  );
}

/**
 * A base's monthly statements (issue 28 §4): each finished month's line count and SHA-256 hash (which covers the
 * month before), its JSON and CSV to download, and how to verify them with plain Node.
 */
export function StatementsSection({ baseId }: { baseId: number }) {
  const { t } = useTranslation('transparency');
  const api = useApi();
  const query = useQuery({
    queryKey: statementsKey(baseId),
    queryFn: () => api.call(statementEndpoints.list, { base_id: baseId }, { silent: true }),
  });
  const list = query.data?.list ?? [];
  return (
    <section className={styles.section} aria-labelledby="statements-title" data-testid="statements">
      <h2 id="statements-title" className={styles.title}>
        {t('statements.title')}
      </h2>
      <p className={styles.explain}>{t('statements.explain')}</p>
      {query.isPending ? (
        <div className="ph-list-footer">
          <DotLoading /> {t('common:loading')}
        </div>
      ) : query.isError ? (
        <p className={styles.explain} role="status">
          {t('statements.loadFailed')}{' '}
          <button type="button" className="ph-link-button" onClick={() => void query.refetch()}>
            {t('common:retry')}
          </button>
        </p>
      ) : list.length === 0 ? (
        <p className={styles.explain} role="status">
          {t('statements.none')}
        </p>
      ) : (
        <ol className={styles.list}>
          {list.map((s) => (
            <StatementRow key={s.month} s={s} />
          ))}
        </ol>
      )}
      <p className={styles.verify}>
        {t('statements.verify')} <code>{VERIFY_COMMAND}</code>
      </p>
    </section>
  );
}
