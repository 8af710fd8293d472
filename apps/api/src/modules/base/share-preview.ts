import { translate, type Locale } from '@petheart/contracts';
import { absolutePicture, previewText, translatedText, type PagePreview } from '../../http/page-preview';
import { publicAddress } from './location-policy';
import type { BaseRepository } from './repository';

/** The web app's base page and a base's public account, as their links are shared. */
export const BASE_PAGE = '/pages/baseDetail/baseDetail';
export const ACCOUNT_PAGE = '/pages/public/account';
const DESCRIPTION_MAX = 200;

export interface BaseSharePreviewDeps {
  bases: Pick<BaseRepository, 'byId'>;
  /** The app's public origin (PUBLIC_URL). */
  publicUrl: string;
  /** Where pictures are served (ASSET_HOST), '' = the public origin. */
  assetHost: string;
}

const idOf = (raw: string | null) => (raw !== null && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : undefined);

/**
 * A shared base page's or public account's preview in messengers, in the link's language: the base's name, its
 * words (translated where the operator added them; else its public address, decision 037; else what the page is)
 * and its first photo; none for a base that does not exist.
 */
export class BaseSharePreview {
  constructor(private readonly deps: BaseSharePreviewDeps) {}

  async preview(address: string, locale: Locale = 'en'): Promise<PagePreview | undefined> {
    const url = new URL(address, 'http://page.invalid');
    const account = url.pathname === ACCOUNT_PAGE;
    if (!account && url.pathname !== BASE_PAGE) return undefined;
    const id = idOf(url.searchParams.get(account ? 'base_id' : 'id'));
    if (id === undefined || id > 2_147_483_647) return undefined;
    const row = await this.deps.bases.byId(id);
    if (!row) return undefined;
    const base = translatedText(row, locale, 'name', row.name);
    const words = translatedText(row, locale, 'introduction', row.introduction).trim() || publicAddress(row);
    return {
      title: translate(locale, account ? 'share.account.title' : 'share.base.title', { base }),
      description: account
        ? translate(locale, 'share.account.description', { base })
        : previewText(words || translate(locale, 'share.base.description'), DESCRIPTION_MAX),
      image: absolutePicture(row.photos[0] ?? '', this.deps.assetHost || this.deps.publicUrl),
      url: `${this.deps.publicUrl}${url.pathname}?${account ? 'base_id' : 'id'}=${String(id)}`,
    };
  }
}
