import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveDetail } from '@petheart/contracts';
import { imageUrl } from '../../shared/format';
import { useLanguage } from '../../shared/i18n';
import { shareLink } from '../../shared/navigation';
import { alertDialog, toast } from '../../shared/ui';
import type { LiveApi } from './api';
import { livePath } from './paths';
import { isMessenger, isShareAbort, shareMode, wechatSignedUrl } from './share';
import { loadWechatSdk, setWechatShareCard } from './wechat-sdk';

/** What the room's share says: its title and words, its picture (absolute or a path here) and its page. */
export interface RoomShare {
  title: string;
  text: string;
  image: string;
  path: string;
}

/** The address the page was loaded at (WeChat on iOS signs that one). */
function landingUrl(): string | undefined {
  try {
    return performance.getEntriesByType('navigation').at(0)?.name;
  } catch {
    return undefined;
  }
}

/**
 * Share (spec §8, issue 29 §4). Inside WeChat: the guide pointing at its top-right menu, whose card the room sets
 * through the JS-SDK as soon as the room is known, when the API has WeChat sharing configured (else the menu shares
 * the page as it is). Elsewhere: the system share sheet where the browser has one; else the link is copied with a
 * toast (or shown when the clipboard cannot be written). Links carry the sharer's language.
 */
export function useShare(live: Pick<LiveApi, 'wechatShare'>, room: RoomShare | null) {
  const { t } = useTranslation('live');
  const { locale } = useLanguage();
  const [guide, setGuide] = useState(false);

  const roomKey = room ? JSON.stringify(room) : '';
  useEffect(() => {
    if (!roomKey || !isMessenger(navigator.userAgent)) return;
    const card = JSON.parse(roomKey) as RoomShare;
    const origin = window.location.origin;
    const left = new AbortController();
    const gone = () => left.signal.aborted;
    const signed = wechatSignedUrl(navigator.userAgent, window.location.href, landingUrl());
    void (async () => {
      const config = await live.wechatShare(signed);
      if (!config || gone()) return;
      const wx = await loadWechatSdk();
      if (gone()) return;
      await setWechatShareCard(wx, config, {
        title: card.title,
        text: card.text,
        link: shareLink(card.path, origin, locale),
        image: card.image ? new URL(card.image, origin).href : '',
      });
    })().catch(() => {
      // Not configured there, or refused: WeChat's menu still shares the page itself.
    });
    return () => {
      left.abort();
    };
  }, [roomKey, live, locale]);

  const share = useCallback(
    async (pathOrUrl: string) => {
      const url = shareLink(pathOrUrl, window.location.origin, locale);
      const canCopy = window.isSecureContext && 'clipboard' in navigator;
      const mode = shareMode(navigator, canCopy);
      if (mode === 'messenger') {
        setGuide(true);
        return;
      }
      if (mode === 'sheet') {
        try {
          await navigator.share({ title: room?.title ?? '', text: room?.text ?? '', url });
          return;
        } catch (error) {
          if (isShareAbort(error)) return;
          // Refused (a policy, no gesture left): the link is copied instead.
        }
      }
      if (canCopy) {
        try {
          await navigator.clipboard.writeText(url);
          toast(t('share.copied'));
          return;
        } catch {
          // Permission refused: show the link instead.
        }
      }
      await alertDialog(t('share.copyManually'), url);
    },
    [t, locale, room],
  );

  const closeGuide = useCallback(() => {
    setGuide(false);
  }, []);

  return { share, guide, closeGuide };
}

/** Share for a live room: its name, an invitation in the sharer's language and its still (else its base's cover). */
export function useRoomShare(live: Pick<LiveApi, 'wechatShare'>, room: LiveDetail | undefined, assetHost: string) {
  const { t } = useTranslation('live');
  const card = useMemo<RoomShare | null>(
    () =>
      room
        ? {
            title: `${room.base.name} · ${room.device.name}`,
            text: t('share.text', { base: room.base.name }),
            image: imageUrl(room.device.thumbnail || room.base.photos[0], assetHost, ''),
            path: livePath(room.device.device_id),
          }
        : null,
    [room, t, assetHost],
  );
  return useShare(live, card);
}
