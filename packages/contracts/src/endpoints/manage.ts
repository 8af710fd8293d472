import { post } from '../endpoint';
import { EmptySchema } from '../envelope';
import { ManageDeviceListBodySchema, ManageDeviceListDataSchema, ManageSummarySchema } from '../operator';

const tag = 'manage';

/** /api/manage/devices|summary: device management and revenue for base operators (others get not_operator). */
export const manageEndpoints = {
  devices: post('/api/manage/devices', {
    auth: 'user',
    tag,
    input: ManageDeviceListBodySchema,
    data: ManageDeviceListDataSchema,
  }),
  summary: post('/api/manage/summary', {
    auth: 'user',
    tag,
    input: EmptySchema.optional(),
    data: ManageSummarySchema,
  }),
};
