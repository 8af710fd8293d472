import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MyGift } from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { EVENTS_PATH } from '../../shared/navigation';
import { usePagedList } from '../../shared/ui';
import { GIFTS_KEY, mineListsApi } from './api';
import { GiftRow } from './GiftRow';
import { MineListPage } from './MineListPage';

/** /pages/mine/support (login required): the user's gifts to support events, coins and help-pay, newest first. */
export default function MySupportPage() {
  const { t } = useTranslation('mine-lists');
  const client = useApi();
  const api = useMemo(() => mineListsApi(client), [client]);
  const list = usePagedList<MyGift>({ queryKey: [...GIFTS_KEY], fetchPage: api.gifts });
  return (
    <MineListPage
      title={t('support.title')}
      list={list}
      empty={{ text: t('support.empty'), action: t('support.browse'), path: EVENTS_PATH }}
      keyOf={(gift) => gift.id}
      renderItem={(gift) => <GiftRow gift={gift} />}
    />
  );
}
