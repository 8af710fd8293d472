import type { AppConfig } from '@petheart/contracts';
import type { StatisticsSource } from '../configuration/service';

/**
 * Aggregate statistics for the home page. Devices, feeds and bases arrive with the live-stream and
 * coins issues; until their tables exist every figure is honestly zero.
 */
export class StatisticsService implements StatisticsSource {
  statistics(): Promise<AppConfig['statistics']> {
    return Promise.resolve({ devices_deployed: 0, animals_helped: 0, total_feeders: 0, total_food_grams: 0 });
  }
}
