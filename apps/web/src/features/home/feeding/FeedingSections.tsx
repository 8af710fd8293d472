import { useMemo } from 'react';
import { useApi } from '../../../shared/api';
import { feedingApi } from './api';
import { FeedingCalendar } from './FeedingCalendar';
import { Leaderboard } from './Leaderboard';

/** The index page's feeding calendar and leaderboard: a lazy chunk (with the contracts' schemas they use). */
export default function FeedingSections() {
  const client = useApi();
  const api = useMemo(() => feedingApi(client), [client]);
  return (
    <>
      <FeedingCalendar api={api} />
      <Leaderboard api={api} />
    </>
  );
}
