import path from 'node:path';
import { FIRMWARE } from './agent-options';
import type { FeederAgentOptions } from './agent-options';
import { CalibrationStore } from './calibration-store';
import type { Clock } from './clock';
import { DailyGrams } from './daily-grams';
import { ExecutedIdStore } from './executed-ids';
import { CommandExecutor } from './executor';
import type { Versions } from './executor';
import type { StationHardware } from './hardware/ports';
import type { RingLogger } from './ring-logger';
import { RecentAnswers } from './recent-answers';
import { StationConfig } from './station-config';

/** The agent's files in its state folder (each named after the device), and the executor that uses them. */
export interface AgentFiles {
  executed: ExecutedIdStore;
  answers: RecentAnswers;
  config: StationConfig;
  daily: DailyGrams;
  calibration: CalibrationStore;
  executor: CommandExecutor;
  /** Waits for the writes under way and closes the files. */
  close(): Promise<void>;
}

/** Opens the agent's files and sets the kept calibration on the scale. */
export async function openAgentFiles(
  options: Pick<
    FeederAgentOptions,
    'deviceId' | 'stateDir' | 'executedIdCapacity' | 'recentAnswers' | 'firmware' | 'ffmpegVersion'
  >,
  deps: { hardware: StationHardware; logger: RingLogger; clock: Clock },
): Promise<AgentFiles> {
  const file = (suffix: string) => path.join(options.stateDir, `${options.deviceId}.${suffix}`);
  const { logger } = deps;
  const executed = await ExecutedIdStore.open(file('executed.jsonl'), { capacity: options.executedIdCapacity, logger });
  const answers = await RecentAnswers.open(file('answers.jsonl'), { ...options.recentAnswers, logger });
  const config = await StationConfig.open(file('config.json'), logger);
  if (config.current) logger.info('running the kept config', { version: config.version });
  const daily = await DailyGrams.open(file('daily.json'), logger);
  const calibration = new CalibrationStore(file('calibration.json'), logger);
  await calibration.applyTo(deps.hardware.scale);
  const executor = new CommandExecutor({
    ...deps,
    config,
    daily,
    calibration,
    log: logger,
    versions: () => versions(options),
  });
  return {
    executed,
    answers,
    config,
    daily,
    calibration,
    executor,
    close: async () => {
      await Promise.all([executed, answers, config, daily, calibration].map((f) => f.close()));
    },
  };
}

/** What a `report` names: the agent, Node and, when known, ffmpeg (cut to DeviceAckDetail's bounds). */
async function versions(options: Pick<FeederAgentOptions, 'firmware' | 'ffmpegVersion'>): Promise<Versions> {
  const ffmpeg = await options.ffmpegVersion?.().catch(() => undefined);
  return {
    agent: (options.firmware ?? FIRMWARE).slice(0, 60),
    node: process.version.slice(0, 30),
    ...(ffmpeg && { ffmpeg: ffmpeg.slice(0, 120) }),
  };
}
