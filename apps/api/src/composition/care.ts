import type { AppConfig } from '../config/env';
import type { DatabaseHandle } from '../db/client';
import type { Clock } from '../lib/clock';
import { AlertWatcher } from '../modules/care/alerts';
import { StationCareRepository } from '../modules/care/repository';
import { StationCareService } from '../modules/care/service';
import type { DeviceGateway } from '../modules/gateway/gateway';
import type { OperatorGate } from '../modules/manage/gate';

/** Looking after stations (issue 27 §4): health and refills, and the alerts from the rows and the answers. */
export function wireCare({
  config,
  database,
  clock,
  gateway,
  operatorGate,
}: {
  config: AppConfig;
  database: DatabaseHandle;
  clock: Clock;
  gateway: DeviceGateway;
  operatorGate: OperatorGate;
}) {
  const repo = new StationCareRepository(database.db);
  const onError = (error: unknown) => {
    if (config.logLevel !== 'silent') console.warn('[station alerts]', error);
  };
  const alertWatcher = new AlertWatcher({ repo, clock, onError });
  gateway.onCommandSettled((result) => {
    alertWatcher.commandSettled(result);
  });
  const stationCare = new StationCareService({
    repo,
    clock,
    link: { issue: (deviceId, request, options) => gateway.issueCommand(deviceId, request, options) },
    requireOperator: (userId) => operatorGate.require(userId),
  });
  return { stationCare, alertWatcher };
}
