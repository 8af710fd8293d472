import { expect } from '@playwright/test';
import {
  ManageDeviceListDataSchema,
  ManageSummarySchema,
  type ManageSummary,
  type ManagedDevice,
} from '@petheart/contracts';
import { callApi } from './api';

/** The operator's manage summary (earnings, balance) as the API answers it. */
export async function summaryOf(baseURL: string, token: string): Promise<ManageSummary> {
  const res = await callApi(baseURL, '/manage/summary', {}, token);
  expect(res.code, res.msg).toBe(1);
  return ManageSummarySchema.parse(res.data);
}

/** One of the operator's devices as the manage page's list has it. */
export async function deviceOf(baseURL: string, token: string, deviceId: string): Promise<ManagedDevice> {
  const res = await callApi(baseURL, '/manage/devices', { page: 1, limit: 50 }, token);
  expect(res.code, res.msg).toBe(1);
  const device = ManageDeviceListDataSchema.parse(res.data).list.find((d) => d.device_id === deviceId);
  if (!device) throw new Error(`${deviceId} is not the operator's`);
  return device;
}
