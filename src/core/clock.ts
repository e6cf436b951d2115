// The time source handed to domain functions, so tests can fix "now".

export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
