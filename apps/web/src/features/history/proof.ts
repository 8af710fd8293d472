import type { Clip, FeedProof } from '@petheart/contracts';

/** The public page a feed's proof is shared as (tourists may open it). */
export const PROOF_PATH = '/pages/public/proof';
export const proofPath = (feedId: string) => `${PROOF_PATH}?id=${encodeURIComponent(feedId)}`;
/** The address to share: absolute, on this origin. */
export const proofLink = (feedId: string, origin: string) => new URL(proofPath(feedId), origin).href;

/** The community's publish page with the clip as a video post (its preview address when it is a path here). */
export function postClipPath(clip: Clip): string {
  const q = new URLSearchParams({ device_id: clip.device_id, clip_id: clip.id });
  if (clip.url.startsWith('/') && !clip.url.startsWith('//')) q.set('clip_url', clip.url);
  return `/pages/publish/publish?${q.toString()}`;
}

/** While a clip is being made it is asked again this often, this many times in all (it is ready ~7 s after the feed). */
export const PROOF_REFRESH_MS = 3_000;
export const PROOF_POLLS = 10;

/** Whether to ask again for a proof still being prepared (`polls`: answers received so far). */
export const proofNeedsRefresh = (proof: FeedProof | null | undefined, polls: number) =>
  proof?.state === 'pending' && polls < PROOF_POLLS;

/** The id in a proof page's address: a UUID, or null. */
export function feedIdOf(raw: string | null): string | null {
  const id = raw?.trim().toLowerCase() ?? '';
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id) ? id : null;
}

/** How a proof is shared: the system's share sheet, else its link copied, else the link shown to copy by hand. */
export type ProofShareMode = 'sheet' | 'clipboard' | 'manual';

export function proofShareMode(nav: { share?: unknown; clipboard?: unknown }, secureContext: boolean): ProofShareMode {
  if (typeof nav.share === 'function') return 'sheet';
  return secureContext && nav.clipboard ? 'clipboard' : 'manual';
}

/** The user closed the share sheet: not a failure. */
export const isShareAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
