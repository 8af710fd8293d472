import {
  AdminDeviceIdBodySchema,
  AdminDeviceListBodySchema,
  AdminDeviceListDataSchema,
  AdminDeviceSchema,
  AdminDeviceUpdateBodySchema,
  DeviceCareBodySchema,
  DeviceCareEntrySchema,
  DeviceCareLogBodySchema,
  DeviceCareLogDataSchema,
  DeviceCredentialsSchema,
  DeviceProvisionBodySchema,
} from '../console-devices';
import { post } from '../endpoint';

const tag = 'admin';

/** /api/admin/device/*: list (with live state), provision, update, rotate, disable, enable, care (admins only). */
export const deviceConsoleEndpoints = {
  list: post('/api/admin/device/list', {
    auth: 'admin',
    tag,
    input: AdminDeviceListBodySchema,
    data: AdminDeviceListDataSchema,
  }),
  provision: post('/api/admin/device/provision', {
    auth: 'admin',
    tag,
    input: DeviceProvisionBodySchema,
    data: DeviceCredentialsSchema,
    message: 'ok.deviceProvisioned',
  }),
  update: post('/api/admin/device/update', {
    auth: 'admin',
    tag,
    input: AdminDeviceUpdateBodySchema,
    data: AdminDeviceSchema,
    message: 'ok.saved',
  }),
  rotate: post('/api/admin/device/rotate', {
    auth: 'admin',
    tag,
    input: AdminDeviceIdBodySchema,
    data: DeviceCredentialsSchema,
    message: 'ok.secretRotated',
  }),
  disable: post('/api/admin/device/disable', {
    auth: 'admin',
    tag,
    input: AdminDeviceIdBodySchema,
    data: AdminDeviceSchema,
    message: 'ok.deviceDisabled',
  }),
  enable: post('/api/admin/device/enable', {
    auth: 'admin',
    tag,
    input: AdminDeviceIdBodySchema,
    data: AdminDeviceSchema,
    message: 'ok.deviceEnabled',
  }),
  care: post('/api/admin/device/care', {
    auth: 'admin',
    tag,
    input: DeviceCareBodySchema,
    data: DeviceCareEntrySchema,
    message: 'ok.careSent',
  }),
  careLog: post('/api/admin/device/care/log', {
    auth: 'admin',
    tag,
    input: DeviceCareLogBodySchema,
    data: DeviceCareLogDataSchema,
  }),
};
