import { describe, expect, it } from 'vitest';
import { type AmountCounter, memoryCounter, UploadBytesBudget } from './upload-bytes-budget';

const MiB = 1024 * 1024;

// Decision 0560: the bytes an hour each person may upload, every way in together.
describe('UploadBytesBudget', () => {
  it('takes what fits, refuses what does not without taking it, and says how long to wait', async () => {
    const budget = new UploadBytesBudget(memoryCounter(), 10 * MiB, () => {}, 60_000);
    expect(await budget.take('ada', 6 * MiB)).toBe(0);
    const wait = await budget.take('ada', 6 * MiB);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60_000);
    // The refusal took nothing: 4 MiB still fit, and another person has a budget of their own.
    expect(await budget.take('ada', 4 * MiB)).toBe(0);
    expect(await budget.take('ada', 1)).toBeGreaterThan(0);
    expect(await budget.take('ben', 10 * MiB)).toBe(0);
  });

  it('lets one upload larger than the budget through when it is alone in its window', async () => {
    const budget = new UploadBytesBudget(memoryCounter(), 1 * MiB, () => {}, 60_000);
    expect(await budget.take('ada', 5 * MiB)).toBe(0);
    expect(await budget.take('ada', 1)).toBeGreaterThan(0);
  });

  it('lets uploads through when its store fails (the database gone), and reports the failure', async () => {
    const failures: unknown[] = [];
    const gone: AmountCounter = {
      add: async () => {
        throw new Error('connection terminated');
      },
    };
    const budget = new UploadBytesBudget(gone, 1 * MiB, (err) => failures.push(err), 60_000);
    expect(await budget.take('ada', 5 * MiB)).toBe(0);
    await budget.spend('ada', 5 * MiB);
    expect(failures.map((e) => (e as Error).message)).toEqual([
      'connection terminated',
      'connection terminated',
    ]);
  });

  it('counts nothing when the budget is off (0)', async () => {
    let calls = 0;
    const counting: AmountCounter = {
      add: async () => {
        calls++;
        return { current: 0, ttl: 0 };
      },
    };
    const budget = new UploadBytesBudget(counting, 0, () => {});
    expect(await budget.take('ada', 50 * MiB)).toBe(0);
    await budget.spend('ada', 50 * MiB);
    expect(calls).toBe(0);
  });
});
