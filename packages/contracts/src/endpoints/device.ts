import { DeviceListBodySchema, DeviceListDataSchema } from '../base';
import { post } from '../endpoint';

/** /api/device/list: bases with their devices and live state (anyone). */
export const deviceEndpoints = {
  list: post('/api/device/list', {
    auth: 'none',
    tag: 'device',
    input: DeviceListBodySchema,
    data: DeviceListDataSchema,
  }),
};
