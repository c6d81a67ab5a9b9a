import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { machineCpuTicks } from '../../scripts/steps.mjs';

// npm test's account of how busy the machine was in each stage (scripts/test.mjs, decision 0954).
describe.runIf(existsSync('/proc/stat'))('machineCpuTicks', () => {
  it('counts busy ticks within the total, and a busy loop of this process among them', () => {
    const before = machineCpuTicks();
    const until = Date.now() + 300;
    let spin = 0;
    while (Date.now() < until) spin += 1;
    const after = machineCpuTicks();
    expect(spin).toBeGreaterThan(0);
    expect(before && after).toBeTruthy();
    if (!before || !after) return;
    expect(before.busy).toBeLessThanOrEqual(before.total);
    // 300 ms of one core's loop is 30 ticks at USER_HZ 100; the clock's edges can cost one or two.
    expect(after.busy - before.busy).toBeGreaterThanOrEqual(25);
    expect(after.total - before.total).toBeGreaterThanOrEqual(after.busy - before.busy);
  });
});
