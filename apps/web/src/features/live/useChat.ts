import { useCallback, useState } from 'react';
import type { Feed } from '@petheart/contracts';
import type { LiveApi } from './api';
import type { FeedLine } from './chat-lines';
import { useComments } from './useComments';

/**
 * The room's chat (useComments) with what the page does with its feed lines: the user's own feed that fell
 * becomes a line even when the room's event of it never arrives (`ownFed`, signed in as `nickname`), and a
 * tapped line opens its proof (`proofOf`).
 */
export function useChat(deviceId: string, live: LiveApi, nickname: string) {
  const chat = useComments(deviceId, live);
  const { pushFeed } = chat;
  const ownFed = useCallback(
    (f: Feed) => {
      pushFeed({ feed_id: f.id, device_id: f.device_id, nickname, grams: f.grams_dispensed });
    },
    [pushFeed, nickname],
  );
  const [proofOf, setProofOf] = useState<FeedLine | null>(null);
  const closeProof = useCallback(() => {
    setProofOf(null);
  }, []);
  return { ...chat, ownFed, proofOf, openProof: setProofOf, closeProof };
}
