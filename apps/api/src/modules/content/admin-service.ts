import {
  LOCALES,
  contentBodyImages,
  parseContentBody,
  type AdminContentCreateBody,
  type AdminContentItem,
  type AdminContentListBody,
  type AdminContentListData,
  type AdminContentUpdateBody,
  type LocalizedText,
} from '@petheart/contracts';
import { AppError } from '../../http/errors';
import { isUniqueViolation } from '../user/repository';
import { toAdminContent } from './presenter';
import type { ContentRepository, NewContent } from './repository';
import type { UploadedImages } from './uploaded-images';

const PAGE_KEY_INDEX = 'content_items_page_key';
const noText = (): LocalizedText => ({ en: '', ja: '', 'zh-CN': '', 'zh-TW': '' });

/** The images a written body shows, in every language. */
function bodyImages(body: LocalizedText): string[] {
  return LOCALES.flatMap((l) => contentBodyImages(parseContentBody(body[l])));
}

/** The console's editor for Q&A, articles, pages and banners (every language at once). */
export class ContentAdminService {
  constructor(
    private readonly deps: {
      content: ContentRepository;
      images: UploadedImages;
      /** Told after every saved change (readers' caches of banners drop what they kept). */
      onChange?: () => void;
    },
  ) {}

  async list(q: AdminContentListBody): Promise<AdminContentListData> {
    const { rows, total } = await this.deps.content.list(q);
    return { list: rows.map(toAdminContent), total, page: q.page, limit: q.limit };
  }

  async create(body: AdminContentCreateBody): Promise<AdminContentItem> {
    const item = await this.fields(body);
    if (body.kind === 'page' && (await this.deps.content.pageKeyTaken(body.key))) throw new AppError('page_key_exists');
    try {
      const created = toAdminContent(await this.deps.content.insert(item));
      this.deps.onChange?.();
      return created;
    } catch (error) {
      if (isUniqueViolation(error, PAGE_KEY_INDEX)) throw new AppError('page_key_exists');
      throw error;
    }
  }

  /** Replaces an item's fields; `not_found` when there is no item of that id and kind. */
  async update(body: AdminContentUpdateBody): Promise<AdminContentItem> {
    const item = await this.fields(body);
    if (body.kind === 'page' && (await this.deps.content.pageKeyTaken(body.key, body.id)))
      throw new AppError('page_key_exists');
    try {
      const row = await this.deps.content.update(body.id, body.kind, item);
      if (!row) throw new AppError('not_found');
      this.deps.onChange?.();
      return toAdminContent(row);
    } catch (error) {
      if (isUniqueViolation(error, PAGE_KEY_INDEX)) throw new AppError('page_key_exists');
      throw error;
    }
  }

  async delete(id: number): Promise<void> {
    if (!(await this.deps.content.delete(id))) throw new AppError('not_found');
    this.deps.onChange?.();
  }

  /** The row's fields for a kind (the others empty); images are checked to be uploads and kept as paths. */
  private async fields(body: AdminContentCreateBody): Promise<NewContent> {
    const { images } = this.deps;
    const common = { published: body.published, title: body.title, key: null, pageKind: null };
    switch (body.kind) {
      case 'qa':
        return { ...common, kind: 'qa', body: body.body, sortOrder: body.sort_order, summary: noText() };
      case 'article':
        await images.require(bodyImages(body.body));
        return {
          ...common,
          kind: 'article',
          summary: body.summary,
          body: body.body,
          cover: await images.one(body.cover),
          highlight: body.highlight,
          sortOrder: body.sort_order,
        };
      case 'page':
        await images.require(bodyImages(body.body));
        return {
          ...common,
          kind: 'page',
          key: body.key,
          pageKind: body.page_kind,
          summary: noText(),
          body: body.body,
          url: body.url,
          cover: await images.one(body.cover),
        };
      case 'banner':
        return {
          ...common,
          kind: 'banner',
          summary: noText(),
          body: noText(),
          url: body.url,
          cover: await images.one(body.cover),
          sortOrder: body.sort_order,
        };
    }
  }
}
