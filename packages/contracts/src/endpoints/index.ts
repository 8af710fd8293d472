import type { Endpoint } from '../endpoint';
import { adminConsoleEndpoints } from './admin-console';
import { adminMoneyConsoleEndpoints } from './admin-money-console';
import { baseEndpoints } from './base';
import { baseConsoleEndpoints } from './base-console';
import { cashoutEndpoints } from './cashout';
import { cashoutConsoleEndpoints } from './cashout-console';
import { codeEndpoints } from './code';
import { configurationEndpoints } from './configuration';
import { contentEndpoints } from './content';
import { contentConsoleEndpoints } from './content-console';
import { deviceEndpoints } from './device';
import { deviceConsoleEndpoints } from './device-console';
import { feedEndpoints } from './feed';
import { feedConsoleEndpoints } from './feed-console';
import { feedStatsEndpoints } from './feed-stats';
import { liveEndpoints } from './live';
import { manageEndpoints } from './manage';
import { mapsEndpoints } from './maps';
import { mediaEndpoints } from './media';
import { moderationConsoleEndpoints } from './moderation-console';
import { notificationEndpoints, pushEndpoints } from './notification';
import { oauthEndpoints } from './oauth';
import { paymentEndpoints } from './payment';
import { petEndpoints } from './pet';
import { petConsoleEndpoints } from './pet-console';
import { postEndpoints } from './post';
import { reportEndpoints } from './report';
import { searchEndpoints } from './search';
import { securityEndpoints } from './security';
import { shareEndpoints } from './share';
import { stationCareConsoleEndpoints, stationCareEndpoints } from './station-care';
import { statementEndpoints } from './statement';
import { supportEndpoints } from './support';
import { supportConsoleEndpoints } from './support-console';
import { transparencyEndpoints } from './transparency';
import { uploadEndpoints } from './upload';
import { userEndpoints } from './user';

export { adminConsoleEndpoints } from './admin-console';
export { adminMoneyConsoleEndpoints } from './admin-money-console';
export { baseEndpoints } from './base';
export { baseConsoleEndpoints } from './base-console';
export { cashoutEndpoints } from './cashout';
export { cashoutConsoleEndpoints } from './cashout-console';
export { codeEndpoints } from './code';
export { configurationEndpoints } from './configuration';
export { contentEndpoints } from './content';
export { contentConsoleEndpoints } from './content-console';
export { deviceEndpoints } from './device';
export { deviceConsoleEndpoints } from './device-console';
export { feedEndpoints } from './feed';
export { feedConsoleEndpoints } from './feed-console';
export { feedStatsEndpoints } from './feed-stats';
export { liveEndpoints } from './live';
export { manageEndpoints } from './manage';
export { mapsEndpoints } from './maps';
export { mediaEndpoints } from './media';
export { moderationConsoleEndpoints } from './moderation-console';
export { notificationEndpoints, pushEndpoints } from './notification';
export { oauthEndpoints } from './oauth';
export { paymentEndpoints } from './payment';
export { petEndpoints } from './pet';
export { petConsoleEndpoints } from './pet-console';
export { postEndpoints } from './post';
export { reportEndpoints } from './report';
export { searchEndpoints } from './search';
export { securityEndpoints } from './security';
export { shareEndpoints } from './share';
export { stationCareConsoleEndpoints, stationCareEndpoints } from './station-care';
export { statementEndpoints } from './statement';
export { supportEndpoints } from './support';
export { supportConsoleEndpoints } from './support-console';
export { transparencyEndpoints } from './transparency';
export { uploadEndpoints } from './upload';
export { userEndpoints } from './user';

/**
 * Every endpoint, for the API's route check and for tests that find an endpoint by its path. App code imports
 * the group it calls instead (a chunk then carries only those schemas).
 */
export const ALL_ENDPOINTS: readonly Endpoint[] = [
  adminConsoleEndpoints,
  adminMoneyConsoleEndpoints,
  baseEndpoints,
  baseConsoleEndpoints,
  cashoutEndpoints,
  cashoutConsoleEndpoints,
  codeEndpoints,
  configurationEndpoints,
  contentEndpoints,
  contentConsoleEndpoints,
  deviceEndpoints,
  deviceConsoleEndpoints,
  feedEndpoints,
  feedConsoleEndpoints,
  feedStatsEndpoints,
  liveEndpoints,
  manageEndpoints,
  mapsEndpoints,
  mediaEndpoints,
  moderationConsoleEndpoints,
  notificationEndpoints,
  oauthEndpoints,
  paymentEndpoints,
  petEndpoints,
  petConsoleEndpoints,
  postEndpoints,
  pushEndpoints,
  reportEndpoints,
  searchEndpoints,
  securityEndpoints,
  shareEndpoints,
  stationCareConsoleEndpoints,
  stationCareEndpoints,
  statementEndpoints,
  supportEndpoints,
  supportConsoleEndpoints,
  transparencyEndpoints,
  uploadEndpoints,
  userEndpoints,
].flatMap((group: Readonly<Record<string, Endpoint>>) => Object.values(group));
