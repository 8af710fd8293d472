import { DeviceIdSchema } from '@petheart/contracts';
import { absolutePicture, previewText, type PagePreview } from '../../http/page-preview';
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
 * A shared live room's preview in messengers and social apps (issue 26 §2): the room's name, its base's words and
 * the room's newest still (else the base's cover); none for a room that does not exist or is disabled.
 */
export class LiveSharePreview {
  constructor(private readonly deps: LiveSharePreviewDeps) {}

  async preview(address: string): Promise<PagePreview | undefined> {
    const url = new URL(address, 'http://page.invalid');
    if (url.pathname !== LIVE_ROOM_PAGE) return undefined;
    const id = url.searchParams.get('device_id')?.trim() ?? '';
    if (!DeviceIdSchema.safeParse(id).success) return undefined;
    const device = await this.deps.devices.byId(id);
    if (!device || device.disabled) return undefined;
    const base = await this.deps.bases.byId(device.baseId);
    if (!base) return undefined;
    return {
      title: `${base.name} · ${device.name} - PetHeart`,
      description: previewText(base.introduction.trim() || publicAddress(base), DESCRIPTION_MAX),
      image: absolutePicture(device.thumbnail || base.photos[0] || '', this.deps.assetHost || this.deps.publicUrl),
      url: `${this.deps.publicUrl}${LIVE_ROOM_PAGE}?device_id=${encodeURIComponent(id)}`,
    };
  }
}
