import { DeviceIdSchema, translate, type Locale } from '@petheart/contracts';
import { absolutePicture, previewText, translatedText, type PagePreview } from '../../http/page-preview';
import { publicAddress } from '../base/location-policy';
import type { BaseRepository } from '../base/repository';
import type { DeviceRepository } from '../device/repository';

/** The web app's live room page, as Share copies it: `/pages/live/live?device_id=…`. */
export const LIVE_ROOM_PAGE = '/pages/live/live';
const DESCRIPTION_MAX = 200;

export interface LiveSharePreviewDeps {
  devices: Pick<DeviceRepository, 'byId'>;
  bases: Pick<BaseRepository, 'byId'>;
  /** The app's public origin (PUBLIC_URL): the page's address. */
  publicUrl: string;
  /** Where pictures are served (ASSET_HOST), '' = the public origin. */
  assetHost: string;
}

/**
 * A shared live room's preview in messengers and social apps (issue 26 §2, issue 29 §4): the room's name, its
 * base's words (in the link's language where the operator added it, else as written; else its public address, else
 * an invitation in that language) and the room's newest still (else the base's cover); none for a room that does
 * not exist or is disabled.
 */
export class LiveSharePreview {
  constructor(private readonly deps: LiveSharePreviewDeps) {}

  async preview(address: string, locale: Locale = 'en'): Promise<PagePreview | undefined> {
    const url = new URL(address, 'http://page.invalid');
    if (url.pathname !== LIVE_ROOM_PAGE) return undefined;
    const id = url.searchParams.get('device_id')?.trim() ?? '';
    if (!DeviceIdSchema.safeParse(id).success) return undefined;
    const device = await this.deps.devices.byId(id);
    if (!device || device.disabled) return undefined;
    const row = await this.deps.bases.byId(device.baseId);
    if (!row) return undefined;
    const base = translatedText(row, locale, 'name', row.name);
    const words = translatedText(row, locale, 'introduction', row.introduction).trim() || publicAddress(row);
    return {
      title: translate(locale, 'share.live.title', { base, device: device.name }),
      description: previewText(words || translate(locale, 'share.live.description', { base }), DESCRIPTION_MAX),
      image: absolutePicture(device.thumbnail || row.photos[0] || '', this.deps.assetHost || this.deps.publicUrl),
      url: `${this.deps.publicUrl}${LIVE_ROOM_PAGE}?device_id=${encodeURIComponent(id)}`,
    };
  }
}
