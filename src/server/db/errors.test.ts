import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, markFromDatabase } from './errors';

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('isDatabaseUnavailable', () => {
  it('is an outage when the database driver could not connect, directly or wrapped by drizzle', () => {
    const direct = refused();
    markFromDatabase(direct);
    expect(isDatabaseUnavailable(direct)).toBe(true);
    const wrapped = Object.assign(new Error('Failed query: select 1'), {
      name: 'DrizzleQueryError',
      cause: refused(),
    });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    markFromDatabase(terminated);
    expect(isDatabaseUnavailable(terminated)).toBe(true);
  });

  it('is not an outage when something else refused a connection, or the query itself was wrong', () => {
    // e.g. an identity provider or an object store that cannot be reached: a plain 500, not "the database".
    expect(isDatabaseUnavailable(refused())).toBe(false);
    const uniqueViolation = Object.assign(new Error('duplicate key'), { code: '23505' });
    markFromDatabase(uniqueViolation);
    expect(isDatabaseUnavailable(uniqueViolation)).toBe(false);
  });
});
