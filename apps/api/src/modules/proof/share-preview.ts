import { translate, type Locale } from '@petheart/contracts';
import { z } from 'zod';
import { previewWeight, type PagePreview } from '../../http/page-preview';
import type { ProofRepository } from './repository';

/** The web app's public proof page, as a receipt's Share copies it: `/pages/public/proof?id=…` (a feed's id). */
export const PROOF_PAGE = '/pages/public/proof';
const FeedId = z.uuid();

export interface ProofSharePreviewDeps {
  proofs: Pick<ProofRepository, 'succeededFeed'>;
  /** The app's public origin (PUBLIC_URL). */
  publicUrl: string;
  /** Where uploads are served (ASSET_HOST), '' = the public origin. */
  assetHost: string;
}

/**
 * A shared proof's preview in messengers (issue 28 §1), in the link's language: who fed how many grams where, the
 * room's still as its picture, and the clip as its video once ready; none for a feed that did not succeed or does
 * not exist.
 */
export class ProofSharePreview {
  constructor(private readonly deps: ProofSharePreviewDeps) {}

  async preview(address: string, locale: Locale = 'en'): Promise<PagePreview | undefined> {
    const url = new URL(address, 'http://page.invalid');
    if (url.pathname !== PROOF_PAGE) return undefined;
    const id = url.searchParams.get('id')?.trim() ?? '';
    if (!FeedId.safeParse(id).success) return undefined;
    const feed = await this.deps.proofs.succeededFeed(id);
    if (!feed) return undefined;
    const uploads = this.deps.assetHost || this.deps.publicUrl;
    const day = feed.settledAt.toISOString().slice(0, 10);
    return {
      title: translate(locale, 'share.proof.title', {
        name: feed.nickname || translate(locale, 'share.proof.someone'),
        weight: previewWeight(feed.gramsDispensed, locale),
        base: feed.baseName,
      }),
      description: translate(locale, 'share.proof.description', { device: feed.deviceName, day }),
      image: feed.deviceThumbnail.startsWith('/') ? `${uploads}${feed.deviceThumbnail}` : '',
      url: `${this.deps.publicUrl}${PROOF_PAGE}?id=${id}`,
      ...(feed.clip?.state === 'ready' && feed.clip.path ? { video: `${uploads}/uploads/${feed.clip.path}` } : {}),
    };
  }
}
