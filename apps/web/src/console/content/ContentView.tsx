import { useSearchParams } from 'react-router';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import {
  CONTENT_KINDS,
  LOCALES,
  localize,
  pageLink,
  type AdminContentItem,
  type ContentKind,
} from '@petheart/contracts';
import { DEFAULT_COVER, imageUrl } from '../../shared/format';
import { useLanguage, useMessage } from '../../shared/i18n';
import { useSession } from '../../shared/session';
import { contentLists, useContentApi } from './api';
import { ContentForm } from './ContentForm';
import { contentKeys } from './keys';
import { PublishedTag } from '../shared/content-ui';
import { useConfirmedMutation } from '../shared/confirm';
import { useConsoleList } from '../shared/console-list';
import { SearchBar, useSearchPaging } from '../shared/DataTable';
import { ListScreen, useDetailDrawer } from '../shared/ListScreen';
import { formatTimestamp } from '../sections';
import { Ellipsis } from '../shared/cells';
import styles from '../shared/admin.module.css';
import own from '../shared/console-content.module.css';

function isKind(v: string | null): v is ContentKind {
  return (CONTENT_KINDS as readonly string[]).includes(v ?? '');
}

/** Which of the four languages an item's title is written in (short chips). */
function LangChips({ item }: { item: AdminContentItem }) {
  const { t } = useTranslation('admin');
  const short = { en: 'EN', ja: 'JA', 'zh-CN': '简', 'zh-TW': '繁' } as const;
  return (
    <span className={own.langChips}>
      {LOCALES.map((l) => {
        const on = item.title[l].trim() !== '';
        return (
          <span
            key={l}
            className={on ? `${own.langChip ?? ''} ${own.langChipOn ?? ''}` : own.langChip}
            title={t(on ? 'content.langFilled' : 'content.langEmpty', { lang: t(`langs.${l}`) })}
          >
            {short[l]}
          </span>
        );
      })}
    </span>
  );
}

/**
 * Content: Q&A, articles, pages and banners (a tab each, ?kind=), searchable paged tables, create and edit in a
 * drawer with the four language tabs, delete after the spec's confirmation.
 */
export function ContentView() {
  const { t } = useTranslation('admin');
  const message = useMessage();
  const api = useContentApi();
  const { locale } = useLanguage();
  const { config } = useSession();
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const kind: ContentKind = isKind(kindParam) ? kindParam : 'qa';
  const paging = useSearchPaging();
  const drawer = useDetailDrawer<{ item: AdminContentItem | null }>(contentKeys.all);
  const list = useConsoleList({
    key: contentKeys.list(kind, paging.keyword, paging.page),
    endpoint: contentLists.content,
    paging,
    data: { kind, keyword: paging.keyword },
  });
  const remove = useConfirmedMutation({
    question: message('post.deleteConfirm'),
    run: (item: AdminContentItem) => api.remove(item.id),
    done: t('content.deleted'),
    refresh: contentKeys.all,
  });
  const setKind = (k: ContentKind) => {
    setParams({ kind: k }, { replace: true });
    paging.search('');
  };

  const data = list.data;
  const assetHost = config?.asset_host ?? '';
  const extraColumn =
    kind === 'page' ? t('content.key') : kind === 'article' || kind === 'banner' ? t('content.cover') : null;
  const columns = [
    t('content.id'),
    ...(extraColumn ? [extraColumn] : []),
    kind === 'qa' ? t('content.question') : t('content.titleCol'),
    t('content.languages'),
    t('content.published'),
    ...(kind !== 'page' ? [t('content.sort')] : []),
    t('content.updated'),
    t('content.actions'),
  ];
  return (
    <ListScreen
      title={t('content.title')}
      list={list}
      columns={columns}
      empty={t('content.empty')}
      row={(item) => {
        const title = localize(item.title, locale);
        return (
          <tr key={item.id} data-testid={`content-row-${String(item.id)}`}>
            <td>{item.id}</td>
            {kind === 'page' ? (
              <td>
                <code>{item.key}</code>
                <div className={styles.formHint}>{t(`content.pageKinds.${item.page_kind ?? 'custom'}`)}</div>
              </td>
            ) : extraColumn ? (
              <td>
                {item.cover ? (
                  <img className={styles.thumb} src={imageUrl(item.cover, assetHost, DEFAULT_COVER)} alt="" />
                ) : (
                  '—'
                )}
              </td>
            ) : null}
            <td>
              <Ellipsis text={title} />
            </td>
            <td>
              <LangChips item={item} />
            </td>
            <td>
              <PublishedTag published={item.published} on={t('content.published')} off={t('content.draft')} />
            </td>
            {kind !== 'page' ? <td className={styles.numeric}>{item.sort_order}</td> : null}
            <td>{formatTimestamp(item.updated_at, locale)}</td>
            <td>
              <span className={styles.actions}>
                <Button
                  size="mini"
                  onClick={() => {
                    drawer.open({ item });
                  }}
                >
                  {t('shared.edit')}
                </Button>
                {kind === 'page' && item.key && item.page_kind ? (
                  <a href={pageLink(item.page_kind, item.key)} target="_blank" rel="noreferrer">
                    {t('content.open')}
                  </a>
                ) : null}
                <Button size="mini" color="danger" fill="outline" onClick={() => void remove.confirm(item)}>
                  {t('content.delete')}
                </Button>
              </span>
            </td>
          </tr>
        );
      }}
      drawer={drawer}
      detail={(editing) => (
        <ContentForm
          key={editing.item?.id ?? `new-${kind}`}
          kind={editing.item?.kind ?? kind}
          item={editing.item}
          onCancel={drawer.close}
          onSaved={drawer.done}
        />
      )}
    >
      <div className={own.kindTabs} role="tablist" aria-label={t('content.title')}>
        {CONTENT_KINDS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={k === kind}
            className={k === kind ? `${own.kindTab ?? ''} ${own.kindTabActive ?? ''}` : own.kindTab}
            onClick={() => {
              setKind(k);
            }}
          >
            {t(`content.kinds.${k}`)}
          </button>
        ))}
      </div>
      <SearchBar
        key={kind}
        id="admin-content-search"
        label={t('content.search')}
        button={t('content.searchButton')}
        onSearch={paging.search}
        total={data ? t('content.total', { count: data.total }) : null}
        addLabel={t(`content.add.${kind}`)}
        onAdd={() => {
          drawer.open({ item: null });
        }}
      />
    </ListScreen>
  );
}
