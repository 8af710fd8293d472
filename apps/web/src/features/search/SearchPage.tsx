import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SEARCH_KEYWORD_MAX_CHARS, SEARCH_TYPES, type SearchType } from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { useMessage } from '../../shared/i18n';
import { useNavigator } from '../../shared/navigation';
import { useSession } from '../../shared/session';
import { BackIcon, EmptyState, PullToRefresh, SearchIcon, toast } from '../../shared/ui';
import { SEARCH_KEY, searchApi } from './api';
import { AllResults, TypeResults } from './components/ResultLists';
import { RecentSearches } from './components/RecentSearches';
import { addRecent, normalizeKeyword, readRecent, writeRecent } from './recent';
import styles from './search.module.css';

const typeOf = (raw: string | null): SearchType => SEARCH_TYPES.find((s) => s === raw) ?? 'all';

/**
 * /pages/index/search: a keyword box; results as sections (live streams, bases, posts) or one kind at a time,
 * each linking to its page; recent searches kept in localStorage (with clear); pull-down refresh.
 * The keyword and the kind live in the query (`?keyword=&type=`), so a result's Back returns to them.
 */
export default function SearchPage() {
  const { t } = useTranslation('search');
  const message = useMessage();
  const client = useApi();
  const api = useMemo(() => searchApi(client), [client]);
  const queryClient = useQueryClient();
  const { back } = useNavigator();
  const { config } = useSession();
  const assetHost = config?.asset_host ?? '';
  const [params, setParams] = useSearchParams();
  const keyword = normalizeKeyword(params.get('keyword') ?? '');
  const type = typeOf(params.get('type'));
  const [text, setText] = useState(keyword);
  const [recent, setRecent] = useState(() => readRecent(localStorage));

  const run = (raw: string, nextType: SearchType = 'all') => {
    const k = normalizeKeyword(raw);
    if (!k) {
      toast(message('v.keyword'));
      return;
    }
    setText(k);
    const next = addRecent(recent, k);
    setRecent(next);
    writeRecent(localStorage, next);
    setParams(nextType === 'all' ? { keyword: k } : { keyword: k, type: nextType }, { replace: true });
  };

  const showType = (next: SearchType) => {
    setParams(next === 'all' ? { keyword } : { keyword, type: next }, { replace: true });
    window.scrollTo({ top: 0 });
  };

  const clearRecent = () => {
    setRecent([]);
    writeRecent(localStorage, []);
  };

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <button
          type="button"
          className="ph-icon-button"
          aria-label={t('common:back')}
          onClick={() => {
            back();
          }}
        >
          <BackIcon />
        </button>
        <h1 className="ph-visually-hidden">{t('title')}</h1>
        <form
          role="search"
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault();
            run(text, type);
          }}
        >
          <span className={styles.box}>
            <SearchIcon className={styles.boxIcon} />
            <input
              type="search"
              className={styles.input}
              aria-label={t('keyword')}
              placeholder={t('placeholder')}
              value={text}
              maxLength={SEARCH_KEYWORD_MAX_CHARS}
              enterKeyHint="search"
              autoComplete="off"
              // Opening the page is for typing: focus the box unless results are being shown.
              autoFocus={!keyword}
              onChange={(e) => {
                setText(e.target.value);
              }}
            />
            {text && (
              <button
                type="button"
                className={styles.clearInput}
                aria-label={t('clearInput')}
                onClick={() => {
                  setText('');
                }}
              >
                ×
              </button>
            )}
          </span>
          <button type="submit" className={styles.submit}>
            {t('submit')}
          </button>
        </form>
      </header>

      <PullToRefresh onRefresh={() => queryClient.resetQueries({ queryKey: [...SEARCH_KEY, keyword] })}>
        <div className={styles.content}>
          {!keyword ? (
            recent.length > 0 ? (
              <RecentSearches recent={recent} onPick={run} onClear={clearRecent} />
            ) : (
              <EmptyState text={t('hint')} />
            )
          ) : (
            <>
              <div className={styles.tabs} role="tablist" aria-label={t('title')}>
                {SEARCH_TYPES.map((s) => (
                  <button
                    key={s}
                    type="button"
                    role="tab"
                    aria-selected={type === s}
                    className={type === s ? `${styles.tab} ${styles.tabActive}` : styles.tab}
                    onClick={() => {
                      showType(s);
                    }}
                  >
                    {t(`tabs.${s}`)}
                  </button>
                ))}
              </div>
              <div role="tabpanel" aria-label={t(`tabs.${type}`)}>
                {type === 'all' ? (
                  <AllResults api={api} keyword={keyword} assetHost={assetHost} onMore={showType} />
                ) : (
                  <TypeResults key={type} api={api} keyword={keyword} type={type} assetHost={assetHost} />
                )}
              </div>
            </>
          )}
        </div>
      </PullToRefresh>
    </div>
  );
}
