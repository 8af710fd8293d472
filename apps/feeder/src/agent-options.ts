import type { DeviceAck, DeviceConfig, DeviceState } from '@petheart/contracts';
import type { Logger } from './logger';

export const FIRMWARE = 'petheart-feeder/0.1.0';

export interface FeederAgentOptions {
  deviceId: string;
  secret: string;
  /** mqtt://host:port or mqtts://… */
  brokerUrl: string;
  /**
   * Folder for the agent's own files: the executed-command ids, the recent answers, the config it runs, the grams
   * fed today and the scale's calibration.
   */
  stateDir: string;
  /** Where the camera publishes (started with the agent when there is a camera). */
  rtmpUrl?: string;
  firmware?: string;
  /** ffmpeg's version, for a `report` command (omitted when absent or when it rejects). */
  ffmpegVersion?: () => Promise<string | undefined>;
  protocolVersion?: 4 | 5;
  keepaliveSeconds?: number;
  /** TCP_NODELAY (default true). */
  tcpNoDelay?: boolean;
  backoff?: { minMs?: number; maxMs?: number };
  /** How many executed command ids are remembered (default 2,000). */
  executedIdCapacity?: number;
  /** The answers of executed commands re-sent after a reconnection: how many, how old at most (RECENT_ANSWERS). */
  recentAnswers?: { capacity?: number; maxAgeMs?: number };
  /** A change of the food stock alone is reported at most this often (default 1,000 ms; StateReporter). */
  stockReportMs?: number;
  /** Where the agent's lines go (default: the console); the agent redacts its secret before. */
  logger?: Logger;
}

export type AgentEvents = {
  /** Connected, subscribed to the command and config topics and the online state published. */
  ready: [];
  disconnected: [];
  refused: [code: number, message: string];
  /** A message on the command or config topic that was not valid (it is dropped). */
  ignored: [reason: string];
  acked: [ack: DeviceAck];
  /** Answers of recent executions published again after a (re)connection (not new executions). */
  resent: [acks: DeviceAck[]];
  state: [state: DeviceState];
  /** A newer config was received and is now enforced. */
  config: [config: DeviceConfig];
  /** A `restart` command was executed and its ack sent: the process should stop and start again. */
  restart: [];
};
