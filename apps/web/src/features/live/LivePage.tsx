import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Clip, LiveDetail } from '@petheart/contracts';
import { imageUrl } from '../../shared/format';
import { useMessage } from '../../shared/i18n';
import { useNavigator } from '../../shared/navigation';
import { useSession } from '../../shared/session';
import { EmptyState, PageHeader, toast } from '../../shared/ui';
import { ActionBar, type LiveAction } from './components/ActionBar';
import { ClipPopup, type ClipView } from './components/ClipPopup';
import { ClipStrip } from './components/ClipStrip';
import { CommentComposer, CommentList } from './components/CommentPanel';
import { FanGroupPopup } from './components/FanGroupPopup';
import { FeedProofSheet } from './components/FeedProofSheet';
import { FeedSheet } from './components/FeedSheet';
import { RewindControls } from './components/RewindControls';
import { RoomHeader, StateChips } from './components/RoomHeader';
import { ShareGuide } from './components/ShareGuide';
import { VideoStage } from './components/VideoStage';
import { isReconnecting, useBrowserOnline, useRecovered } from './connection';
import { RECHARGE_PATH, livePath, postClipPath, reportPath, yardPath } from './paths';
import { useChat } from './useChat';
import { useClips } from './useClips';
import { useFeed } from './useFeed';
import { useLivePlayer } from './useLivePlayer';
import { useLiveSocket } from './useLiveSocket';
import { useLoginGate } from './useLoginGate';
import { usePictureInPicture } from './usePictureInPicture';
import { fansKey, useRoom } from './useRoom';
import { useRoomShare } from './useShare';
import styles from './live.module.css';

function LiveRoom({ deviceId, preferHls }: { deviceId: string; preferHls: boolean }) {
  const { t } = useTranslation('live');
  const message = useMessage();
  const { navigateTo, back } = useNavigator();
  const { token, user, config } = useSession();
  const assetHost = config?.asset_host ?? '';
  const ensureLogin = useLoginGate();
  const queryClient = useQueryClient();
  const { room, query, patch, live } = useRoom(deviceId);
  const chat = useChat(deviceId, live, user?.nickname ?? '');
  const player = useLivePlayer(deviceId, live, room?.device.camera_online, { preferHls });
  const clips = useClips(deviceId, live);
  const pip = usePictureInPicture(player.videoRef);
  const { share, guide, closeGuide } = useRoomShare(live, room, assetHost);
  const feed = useFeed(room, ensureLogin, chat.ownFed);
  const [busy, setBusy] = useState<'follow' | 'fans' | 'publish' | null>(null);
  const [fansOpen, setFansOpen] = useState(false);
  const [clipView, setClipView] = useState<ClipView | null>(null);

  const socket = useLiveSocket(deviceId, token, {
    joined: (ack) => {
      patch((r) => ({ ...r, viewers: ack.viewers }));
      void chat.sync(ack.latest_seq, { joined: true });
    },
    viewers: (e) => {
      patch((r) => ({ ...r, viewers: e.viewers }));
    },
    comment: chat.push,
    device: ({ device_id: _id, ...state }) => {
      patch((r) => ({ ...r, device: { ...r.device, ...state } }));
    },
    clip: clips.add,
    refused: () => {
      toast(t('tooManyWindows'), 5000);
    },
    fed: (e) => {
      patch((r) => ({ ...r, grams_today: e.grams_today }));
      chat.pushFeed(e);
      feed.onRoomFed(e);
    },
  });

  // Honest connection state (connection.ts): the link to the room, and saying so when it is back.
  const browserOnline = useBrowserOnline();
  const reconnecting = isReconnecting({ browserOnline, socket: socket.state, videoLost: player.view.lost });
  useRecovered(reconnecting, () => {
    toast(t('reconnected'));
  });

  // The browser tab carries the room's name.
  const title = room ? `${room.base.name} · ${room.device.name}` : '';
  const productName = t('common:productName');
  useEffect(() => {
    if (title) document.title = `${title} - ${productName}`;
  }, [title, productName]);

  const run = async (what: 'follow' | 'fans' | 'publish', job: () => Promise<void>) => {
    setBusy(what);
    try {
      await job();
    } catch {
      // the API client has shown the error
    } finally {
      setBusy(null);
    }
  };

  const toggleFollow = () => {
    if (!room || !ensureLogin()) return;
    void run('follow', async () => {
      const s = await live.follow(deviceId, !room.followed);
      patch((r) => ({ ...r, followed: s.followed, followers: s.followers }));
    });
  };

  const joinFans = () => {
    if (!ensureLogin()) return;
    void run('fans', async () => {
      const fan = await live.joinFans(deviceId);
      patch((r: LiveDetail) => ({ ...r, fan, fan_count: r.fan ? r.fan_count : r.fan_count + 1 }));
      void queryClient.invalidateQueries({ queryKey: fansKey(deviceId) });
      toast(t('fans.joined'));
    });
  };

  const record = async () => {
    if (!ensureLogin()) return;
    setClipView({ kind: 'recording' });
    try {
      const clip = await live.createClip(deviceId);
      setClipView((v) => (v ? { kind: 'clip', clip } : v));
    } catch {
      setClipView(null);
    }
  };

  const publish = (clip: Clip) => {
    void run('publish', async () => {
      const published = await live.publishClip(clip.id);
      setClipView({ kind: 'clip', clip: published });
      clips.add(published);
      toast(t('record.publishedToast'));
    });
  };

  const sendComment = async (text: string) => {
    // Tourists cannot type (the input sends them to login); Send does the same.
    if (!ensureLogin()) return false;
    const content = text.trim();
    if (!content) {
      toast(message('v.comment'));
      return false;
    }
    try {
      chat.push(await live.sendComment(deviceId, content));
      return true;
    } catch {
      return false;
    }
  };

  const onAction = (action: LiveAction) => {
    switch (action) {
      case 'report':
        navigateTo(reportPath(deviceId));
        return;
      case 'record':
        void record();
        return;
      case 'feed':
        if (reconnecting) toast(t('reconnecting'));
        else feed.start();
        return;
      case 'group':
        setFansOpen(true);
        return;
      case 'share':
        void share(livePath(deviceId));
        return;
      case 'yard':
        if (room) navigateTo(yardPath(room.device.base_id));
        return;
    }
  };

  if (!room && query.isError) {
    return (
      <div className={styles.lightPage}>
        <PageHeader title={t('title')} />
        <EmptyState
          text={t('loadFailed')}
          action={
            <button type="button" className="ph-link-button" onClick={() => void query.refetch()}>
              {t('common:retry')}
            </button>
          }
        />
      </div>
    );
  }

  const viewedClip = clipView?.kind === 'clip' ? clipView.clip : null;
  return (
    <div className={styles.page}>
      <div className={styles.stage}>
        <RoomHeader
          room={room}
          onBack={() => {
            back();
          }}
          onFollow={toggleFollow}
          following={busy === 'follow'}
          stale={reconnecting}
          behind={player.rewind.state.mode === 'behind' ? player.rewind.behind : null}
          onLive={player.rewind.toLive}
        />
        <VideoStage
          videoRef={player.videoRef}
          view={player.view}
          onToggleMute={player.toggleMute}
          onTapToPlay={player.tapToPlay}
          reconnecting={reconnecting}
          poster={room ? imageUrl(room.device.thumbnail || room.base.photos[0], assetHost) : undefined}
          pip={pip}
        >
          <RewindControls rewind={player.rewind} fedAt={feed.fedAt} />
        </VideoStage>
        <StateChips room={room} unknown={reconnecting} />
      </div>
      <ClipStrip
        clips={clips.list}
        onOpen={(clip) => {
          setClipView({ kind: 'clip', clip });
        }}
      />
      <CommentList items={chat.items} onOpenFeed={chat.openProof} />
      <CommentComposer signedIn={Boolean(token)} onSend={sendComment} onLogin={ensureLogin} />
      <ActionBar
        onAction={onAction}
        feedBlocked={feed.blocked !== null || reconnecting}
        busy={clipView?.kind === 'recording' ? 'record' : null}
      />

      <FeedSheet
        feed={feed}
        deviceName={room?.device.name ?? ''}
        balance={user?.balance ?? null}
        reconnecting={reconnecting}
        onRecharge={() => {
          feed.close();
          navigateTo(RECHARGE_PATH);
        }}
      />
      {room && (
        <FanGroupPopup
          visible={fansOpen}
          onClose={() => {
            setFansOpen(false);
          }}
          room={room}
          live={live}
          assetHost={assetHost}
          joining={busy === 'fans'}
          onJoin={joinFans}
        />
      )}
      <ClipPopup
        view={clipView}
        url={viewedClip ? imageUrl(viewedClip.url, assetHost, '') : ''}
        canPublish={viewedClip !== null && user !== null && viewedClip.user_id === user.id}
        publishing={busy === 'publish'}
        onPublish={() => {
          if (viewedClip) publish(viewedClip);
        }}
        onPost={() => {
          if (!viewedClip) return;
          setClipView(null);
          navigateTo(postClipPath(viewedClip));
        }}
        onShare={() => {
          if (viewedClip) void share(imageUrl(viewedClip.url, assetHost, ''));
        }}
        onClose={() => {
          setClipView(null);
        }}
      />
      <FeedProofSheet line={chat.proofOf} fetchProof={live.feedProof} assetHost={assetHost} onClose={chat.closeProof} />
      {guide && <ShareGuide onClose={closeGuide} />}
    </div>
  );
}

/**
 * /pages/live/live?device_id=…: a feeding station's live room. `&player=hls` plays its HLS (natively or through
 * hls.js) instead of the low-latency FLV: for networks that cut long downloads, and to check the HLS path.
 */
export default function LivePage() {
  const { t } = useTranslation('live');
  const [params] = useSearchParams();
  const deviceId = params.get('device_id')?.trim() ?? '';
  if (!deviceId) {
    return (
      <div className={styles.lightPage}>
        <PageHeader title={t('title')} />
        <EmptyState text={t('missingRoom')} />
      </div>
    );
  }
  return <LiveRoom key={deviceId} deviceId={deviceId} preferHls={params.get('player') === 'hls'} />;
}
