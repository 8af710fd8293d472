import type { ImpactItem } from '@petheart/contracts';
import { seconds } from '../../lib/time';
import { toProof, type ProofView } from '../feed/presenter';
import type { ImpactRow } from './repository';

/** One row of "My impact"; a feed's proof as its receipt tells it. */
export function toImpactItem(row: ImpactRow, view: ProofView): ImpactItem {
  if (row.kind === 'feed')
    return {
      kind: 'feed',
      id: row.id,
      at: seconds(row.at),
      coins: row.coins,
      grams: row.grams,
      base_id: row.baseId,
      base_name: row.baseName,
      device_id: row.deviceId,
      device_name: row.deviceName,
      proof: toProof(row.proof, row.settledAt, view),
    };
  return {
    kind: row.kind,
    id: row.id,
    at: seconds(row.at),
    coins: row.coins,
    points: row.points,
    item_title: row.itemTitle,
    event_id: row.eventId,
    event_title: row.eventTitle,
    station_name: row.stationName,
    base_id: row.baseId,
    base_name: row.baseName,
  };
}
