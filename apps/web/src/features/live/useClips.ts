import { useCallback, useEffect, useState } from 'react';
import type { Clip } from '@petheart/contracts';
import type { LiveApi } from './api';
import { mergeClips } from './fans';

const CLIP_STRIP_LIMIT = 10;

/** The room's published clips: the first page of mediaEndpoints.clipList, then `clip` events. */
export function useClips(deviceId: string, live: LiveApi) {
  const [list, setList] = useState<Clip[]>([]);
  useEffect(() => {
    let stale = false;
    live.clips(deviceId, 1, CLIP_STRIP_LIMIT).then(
      (data) => {
        if (!stale) setList((current) => mergeClips(current, data.list));
      },
      () => undefined,
    );
    return () => {
      stale = true;
    };
  }, [deviceId, live]);
  const add = useCallback(
    (clip: Clip) => {
      if (clip.device_id === deviceId) setList((current) => mergeClips(current, [clip]));
    },
    [deviceId],
  );
  return { list, add };
}
