/** Where the lists lead: a live room, a support event, and where to find more of them. */
export const livePath = (deviceId: string) => `/pages/live/live?device_id=${encodeURIComponent(deviceId)}`;
export const eventPath = (id: number) => `/pages/beneficence/detail?id=${String(id)}`;
export const BROWSE_ROOMS_PATH = '/pages/index/index';
