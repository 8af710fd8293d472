import { translate, type Locale } from '@petheart/contracts';
import { absolutePicture, previewText, translatedText, type PagePreview } from '../../http/page-preview';
import type { SupportEventRepository } from './event-repository';

/** The web app's support event page, as its link is shared: `/pages/beneficence/detail?id=…`. */
export const EVENT_PAGE = '/pages/beneficence/detail';
const DESCRIPTION_MAX = 200;

export interface EventSharePreviewDeps {
  events: Pick<SupportEventRepository, 'eventById'>;
  /** The app's public origin (PUBLIC_URL). */
  publicUrl: string;
  /** Where pictures are served (ASSET_HOST), '' = the public origin. */
  assetHost: string;
}

/**
 * A shared support event's preview in messengers: its title and rescue station, its words (in the link's language
 * where the console added them) and its cover.
 */
export class EventSharePreview {
  constructor(private readonly deps: EventSharePreviewDeps) {}

  async preview(address: string, locale: Locale = 'en'): Promise<PagePreview | undefined> {
    const url = new URL(address, 'http://page.invalid');
    if (url.pathname !== EVENT_PAGE) return undefined;
    const raw = url.searchParams.get('id') ?? '';
    if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) return undefined;
    const found = await this.deps.events.eventById(Number(raw));
    if (!found) return undefined;
    const { event, station } = found;
    const words = translatedText(event, locale, 'description', event.description).trim();
    return {
      title: translate(locale, 'share.event.title', {
        title: translatedText(event, locale, 'title', event.title),
        station: station.name,
      }),
      description: previewText(
        words || translate(locale, 'share.event.description', { station: station.name }),
        DESCRIPTION_MAX,
      ),
      image: absolutePicture(event.cover, this.deps.assetHost || this.deps.publicUrl),
      url: `${this.deps.publicUrl}${EVENT_PAGE}?id=${raw}`,
    };
  }
}
