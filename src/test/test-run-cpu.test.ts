import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { machineCpuTicks } from '../../scripts/steps.mjs';

// npm test's account of how busy the machine was in each stage (scripts/test.mjs, decision 0954).
describe('machineCpuTicks, from the text of /proc/stat', () => {
  it('counts user, nice, system, irq, softirq and steal as busy; idle and iowait only in the total', () => {
    // cpu user nice system idle iowait irq softirq steal guest guest_nice (man 5 proc)
    const stat = 'cpu  100 5 20 1000 7 3 2 1 0 0\ncpu0 50 2 10 500 3 1 1 0 0 0\n';
    expect(machineCpuTicks(() => stat)).toEqual({ busy: 131, total: 1138 });
  });

  it('is undefined where there is no /proc/stat to read', () => {
    expect(
      machineCpuTicks(() => {
        throw new Error('ENOENT');
      }),
    ).toBeUndefined();
  });
});

describe.runIf(existsSync('/proc/stat'))('machineCpuTicks on this machine', () => {
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
