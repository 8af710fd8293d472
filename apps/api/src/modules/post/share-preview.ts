import { translate, type Locale } from '@petheart/contracts';
import { absolutePicture, previewText, type PagePreview } from '../../http/page-preview';
import type { PostRepository } from './repository';

/** The web app's post page, as its link is shared: `/pages/community/detail?id=…`. */
export const POST_PAGE = '/pages/community/detail';
const TITLE_WORDS = 60;
const DESCRIPTION_MAX = 200;

export interface PostSharePreviewDeps {
  posts: Pick<PostRepository, 'view'>;
  /** The app's public origin (PUBLIC_URL). */
  publicUrl: string;
  /** Where pictures are served (ASSET_HOST), '' = the public origin. */
  assetHost: string;
}

/**
 * A shared post's preview in messengers: its author, its words (as written: posts are not translated; a post of
 * pictures only is said to be a community post in the link's language) and its first picture; none for a post
 * that is not published (waiting for review, rejected, deleted) or does not exist.
 */
export class PostSharePreview {
  constructor(private readonly deps: PostSharePreviewDeps) {}

  async preview(address: string, locale: Locale = 'en'): Promise<PagePreview | undefined> {
    const url = new URL(address, 'http://page.invalid');
    if (url.pathname !== POST_PAGE) return undefined;
    const raw = url.searchParams.get('id') ?? '';
    if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) return undefined;
    const view = await this.deps.posts.view(Number(raw));
    if (view?.post.status !== 'res') return undefined;
    const { post, author } = view;
    const words = previewText(post.content, DESCRIPTION_MAX) || translate(locale, 'share.post.description');
    return {
      title: translate(locale, 'share.post.title', {
        author: author.nickname || 'PetHeart',
        words: previewText(words, TITLE_WORDS),
      }),
      description: words,
      image: absolutePicture(post.images[0] ?? '', this.deps.assetHost || this.deps.publicUrl),
      url: `${this.deps.publicUrl}${POST_PAGE}?id=${raw}`,
    };
  }
}
