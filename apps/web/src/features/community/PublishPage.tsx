import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api';
import { EmptyState, PageHeader } from '../../shared/ui';
import { detailKey } from './cache';
import { PublishForm, type PublishStart } from './components/PublishForm';
import { postIdOf, useCommunityApi } from './useCommunity';
import styles from './community.module.css';

/** A clip address from the live room: only a path on this site (the preview never loads another origin). */
function clipUrlOf(raw: string | null): string | null {
  const url = raw?.trim() ?? '';
  return url.startsWith('/') && !url.startsWith('//') ? url : null;
}

/**
 * The clip id of a video post's address (`…/clips/<uuid>.mp4`). An edit sends it back, or the post would lose
 * its video: the post itself does not carry the clip id (see the report on issue 5).
 */
export function clipIdOfVideo(url: string | null): string | null {
  return url
    ? (/\/clips\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.mp4(?:[?#]|$)/i.exec(url)?.[1] ?? null)
    : null;
}

/** Edit mode: the user's own post, loaded, then the form filled with it. */
function EditPost({ id }: { id: number }) {
  const { t } = useTranslation('community');
  const api = useCommunityApi();
  const query = useQuery({ queryKey: detailKey(id), queryFn: () => api.detail(id) });
  const post = query.data;
  if (post && post.mine) {
    const clipId = clipIdOfVideo(post.video_url);
    const start: PublishStart = {
      id: post.id,
      content: post.content,
      images: post.images,
      device: post.device ? { id: post.device.id, name: post.device.name, base_name: post.device.base_name } : null,
      clip: clipId ? { id: clipId, url: post.video_url } : null,
      videoUrl: post.video_url,
      status: post.status,
      remark: post.remark,
    };
    return <PublishForm key={post.updated_at} start={start} />;
  }
  if (post || query.isError) {
    const gone = !!post || (query.error instanceof ApiError && query.error.status === 404);
    return gone ? (
      <EmptyState text={t('notFound')} />
    ) : (
      <EmptyState
        text={t('common:loadFailed')}
        action={
          <button type="button" className="ph-link-button" onClick={() => void query.refetch()}>
            {t('common:retry')}
          </button>
        }
      />
    );
  }
  return (
    <div className="ph-page-fallback" role="status">
      <span className="ph-spinner ph-spinner-large" aria-hidden="true" />
      <span className="ph-visually-hidden">{t('common:loading')}</span>
    </div>
  );
}

/**
 * /pages/publish/publish (login required): a new post (text, up to 9 images, a device), `?device_id=` preselects
 * the device and `?clip_id=` (from a live room's clip, with `clip_url` for its preview) makes it a video post;
 * `?id=` edits the user's own post (a rejected one is resubmitted for review).
 */
export default function PublishPage() {
  const { t } = useTranslation('community');
  const [params] = useSearchParams();
  const id = postIdOf(params.get('id'));
  const clipId = params.get('clip_id')?.trim() || null;
  const start: PublishStart = {
    id: null,
    content: '',
    images: [],
    device: null,
    deviceId: params.get('device_id')?.trim() || null,
    clip: clipId ? { id: clipId, url: clipUrlOf(params.get('clip_url')) } : null,
    videoUrl: null,
    status: null,
    remark: '',
  };
  return (
    <div className={styles.page}>
      <PageHeader title={id === null ? t('publishTitle') : t('editTitle')} />
      {id === null ? <PublishForm start={start} /> : <EditPost key={id} id={id} />}
    </div>
  );
}
