import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QaItem } from '@petheart/contracts';
import { useLanguage, useMessage } from '../../shared/i18n';
import { PageHeader, PagedList, PullToRefresh, usePagedList } from '../../shared/ui';
import { qaKey } from './api';
import { NoIntroduction, useContentApi } from './parts';
import styles from './content.module.css';

/** One question: a button that shows or hides its answer (plain text, line breaks kept). */
function Question({ item, initiallyOpen }: { item: QaItem; initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const answerId = useId();
  return (
    <div className={open ? styles.open : undefined}>
      <button
        type="button"
        className={styles.question}
        aria-expanded={open}
        aria-controls={answerId}
        onClick={() => {
          setOpen((o) => !o);
        }}
      >
        <span className={styles.qMark} aria-hidden="true">
          Q
        </span>
        <span className={styles.questionText}>{item.question}</span>
        <span className={styles.chevron} aria-hidden="true">
          ▾
        </span>
      </button>
      <p id={answerId} className={styles.answer} hidden={!open}>
        {item.answer}
      </p>
    </div>
  );
}

/** /pages/public/Q&A: the help page, title "Q&A": collapsible questions, pull-down refresh, more on reach-bottom. */
export default function QAPage() {
  const { t } = useTranslation('content');
  const message = useMessage();
  const { locale } = useLanguage();
  const api = useContentApi();
  const list = usePagedList<QaItem>({ queryKey: [...qaKey(locale)], fetchPage: api.qa });
  const empty = list.rows.length === 0 && !list.loading && !list.error;
  return (
    <div className={styles.page}>
      <PageHeader title={t('titles.qa')} />
      <PullToRefresh onRefresh={list.refresh}>
        <div className={styles.content} data-testid="qa-list">
          {empty ? (
            <NoIntroduction />
          ) : (
            <>
              {list.rows.length > 0 && <p className={styles.intro}>{t('qaIntro')}</p>}
              <PagedList
                list={list}
                className={styles.qaList}
                keyOf={(q) => q.id}
                emptyText={message('empty.noIntroduction')}
                renderItem={(q, i) => <Question item={q} initiallyOpen={i === 0} />}
              />
              {list.rows.length > 0 && <p className={styles.more}>{t('qaMore')}</p>}
            </>
          )}
        </div>
      </PullToRefresh>
    </div>
  );
}
