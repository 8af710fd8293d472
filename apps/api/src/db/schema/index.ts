/**
 * The database schema, one file per domain (each imports only the domains before it: users → devices →
 * live → community; users → ledger → feeds, cash-outs, support; users → payments → support). Everything is
 * re-exported here: import from `db/schema`, not from the files. drizzle-kit reads this file (drizzle.config.ts).
 */
export * from './users';
export * from './settings';
export * from './devices';
export * from './station-care';
export * from './live';
export * from './ledger';
export * from './payments';
export * from './transparency';
export * from './feeds';
export * from './community';
export * from './content';
export * from './cashouts';
export * from './support';
export * from './notifications';
