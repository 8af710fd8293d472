import { post } from '../endpoint';
import { EmptySchema } from '../envelope';
import { ManagedBaseListDataSchema, ManagedBaseLocationBodySchema, ManagedBaseSchema } from '../base-location';
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
  /** The operator's bases with their exact location and what everyone else sees (decision 037). */
  bases: post('/api/manage/bases', {
    auth: 'user',
    tag,
    input: EmptySchema.optional(),
    data: ManagedBaseListDataSchema,
  }),
  /** Publish the exact location of one of the operator's bases, or keep it coarse (others' bases: not_found). */
  baseLocation: post('/api/manage/base/location', {
    auth: 'user',
    tag,
    input: ManagedBaseLocationBodySchema,
    data: ManagedBaseSchema,
    message: 'ok.saved',
  }),
};
