import { useCallback, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { LiveDetail } from '@petheart/contracts';
import { useApi } from '../../shared/api';
import { useSession } from '../../shared/session';
import { liveApi } from './api';

/** The room's detail is cached per device and per signed-in state (followed / fan depend on the user). */
export function roomKey(deviceId: string, signedIn: boolean) {
  return ['live', 'detail', deviceId, signedIn] as const;
}

/** The room's fan group members (paged). */
export function fansKey(deviceId: string) {
  return ['live', 'fans', deviceId] as const;
}

/**
 * The live room: its detail (react-query) and `patch`, which applies socket events and action results
 * (device state, viewers, follow, fan membership) to the cached detail.
 */
export function useRoom(deviceId: string) {
  const api = useApi();
  const { token } = useSession();
  const client = useQueryClient();
  const live = useMemo(() => liveApi(api), [api]);
  const signedIn = Boolean(token);
  const key = useMemo(() => roomKey(deviceId, signedIn), [deviceId, signedIn]);
  const query = useQuery({
    queryKey: key,
    queryFn: () => live.detail(deviceId),
    enabled: deviceId !== '',
    staleTime: 0,
  });
  const patch = useCallback(
    (update: (room: LiveDetail) => LiveDetail) => {
      client.setQueryData<LiveDetail>(key, (room) => (room ? update(room) : room));
    },
    [client, key],
  );
  return { room: query.data, query, patch, live };
}
