import path from 'node:path';
import type { AppConfig } from './config/env';
import { openDatabase, type DatabaseHandle } from './db/client';
import { createOutboxMailer, createOutboxSms, createSmtpMailer, type Mailer, type SmsSender } from './mail/mailer';
import { SettingsRepository } from './modules/configuration/repository';
import { ConfigurationService } from './modules/configuration/service';
import { StatisticsService } from './modules/statistics/service';
import type { Authenticator } from './http/auth';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export interface ContainerOverrides {
  database?: DatabaseHandle;
  mailer?: Mailer;
  sms?: SmsSender;
  clock?: Clock;
}

/** The composition root: the one place that creates every service and wires them together. */
export async function createContainer(config: AppConfig, overrides: ContainerOverrides = {}) {
  const database =
    overrides.database ??
    (await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') }));
  const { db } = database;
  const clock = overrides.clock ?? systemClock;
  const mailer =
    overrides.mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createOutboxMailer(config.outboxDir, config.mailFrom));
  const sms = overrides.sms ?? createOutboxSms(config.outboxDir);

  const statistics = new StatisticsService();
  const configuration = new ConfigurationService({
    settings: new SettingsRepository(db),
    statistics,
    assetHost: config.assetHost,
    oauth: { google: Boolean(config.oauth.google), facebook: Boolean(config.oauth.facebook) },
  });

  // Until the accounts module lands, no token authenticates.
  const authenticator: Authenticator = { authenticate: () => Promise.resolve(null) };

  return {
    config,
    database,
    clock,
    mailer,
    sms,
    authenticator,
    services: { configuration, statistics },
    async close() {
      await database.close();
    },
  };
}

export type Container = Awaited<ReturnType<typeof createContainer>>;
