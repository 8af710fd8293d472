import { post } from '../endpoint';
import {
  DeviceAlertListBodySchema,
  DeviceAlertListDataSchema,
  DeviceHealthBodySchema,
  DeviceHealthSchema,
  DeviceRefillBodySchema,
  DeviceRefillSchema,
} from '../station-health';

/** /api/admin/device/health|refill|alerts: looking after any station (admins only). */
export const stationCareConsoleEndpoints = {
  health: post('/api/admin/device/health', {
    auth: 'admin',
    tag: 'admin',
    input: DeviceHealthBodySchema,
    data: DeviceHealthSchema,
  }),
  refill: post('/api/admin/device/refill', {
    auth: 'admin',
    tag: 'admin',
    input: DeviceRefillBodySchema,
    data: DeviceRefillSchema,
    message: 'ok.refillRecorded',
  }),
  alerts: post('/api/admin/device/alerts', {
    auth: 'admin',
    tag: 'admin',
    input: DeviceAlertListBodySchema,
    data: DeviceAlertListDataSchema,
  }),
};

/** /api/manage/device/health|refill, /api/manage/alerts: a base operator's own stations (others: not_operator). */
export const stationCareEndpoints = {
  health: post('/api/manage/device/health', {
    auth: 'user',
    tag: 'manage',
    input: DeviceHealthBodySchema,
    data: DeviceHealthSchema,
  }),
  refill: post('/api/manage/device/refill', {
    auth: 'user',
    tag: 'manage',
    input: DeviceRefillBodySchema,
    data: DeviceRefillSchema,
    message: 'ok.refillRecorded',
  }),
  alerts: post('/api/manage/alerts', {
    auth: 'user',
    tag: 'manage',
    input: DeviceAlertListBodySchema,
    data: DeviceAlertListDataSchema,
  }),
};
