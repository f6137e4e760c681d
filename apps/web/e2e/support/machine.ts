import { test } from '@playwright/test';

/**
 * How much slower than a developer's machine the journeys may run: CI's machine is shared (two
 * cores, the servers, two browsers and other jobs beside), where a page that loads in two seconds
 * here can take five. The journeys' time limits and waits are given for a developer's machine and
 * multiplied by this; what they wait for is still an event, so a fast run does not wait longer.
 */
export const machineFactor = process.env.CI ? 2 : 1;

/** This journey's time limit: `ms` on a developer's machine. */
export function journeyTimeout(ms: number): void {
  test.setTimeout(ms * machineFactor);
}
