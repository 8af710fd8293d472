/** Where services read the time from; tests pass a fake clock through the container overrides. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
