import { describe, expect, it } from 'vitest';
import { markFromDatabase } from '../db/errors';
import { isStorageUnavailable, markFromStorage } from './storage-errors';

const errno = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:9000`), { code });
/** What the AWS SDK throws for a reply: a named error with the HTTP status in $metadata. */
const reply = (name: string, httpStatusCode: number) =>
  Object.assign(new Error(name), { name, $metadata: { httpStatusCode } });
const fromStorage = <T>(err: T): T => {
  markFromStorage(err);
  return err;
};

describe('isStorageUnavailable', () => {
  it('is an outage when the store could not be reached or lost the connection', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']) {
      expect(isStorageUnavailable(fromStorage(errno(code))), code).toBe(true);
    }
    const timeout = Object.assign(new Error('Connection timed out after 5000 ms'), { name: 'TimeoutError' });
    expect(isStorageUnavailable(fromStorage(timeout))).toBe(true);
  });

  it('is an outage when the store says it is down or overloaded', () => {
    expect(isStorageUnavailable(fromStorage(reply('ServiceUnavailable', 503)))).toBe(true);
    expect(isStorageUnavailable(fromStorage(reply('SlowDown', 503)))).toBe(true);
    expect(isStorageUnavailable(fromStorage(reply('InternalError', 500)))).toBe(true);
    expect(isStorageUnavailable(fromStorage(reply('RequestTimeout', 400)))).toBe(true);
    // A proxy in front of the store answering with an HTML page: the SDK names it after the status.
    expect(isStorageUnavailable(fromStorage(reply('Unknown', 502)))).toBe(true);
    expect(isStorageUnavailable(fromStorage(reply('Unknown', 504)))).toBe(true);
  });

  it('is found through causes (a blob error wrapping the SDK one)', () => {
    const wrapped = new Error('Could not read', { cause: fromStorage(errno('ECONNRESET')) });
    expect(isStorageUnavailable(wrapped)).toBe(true);
  });

  it('is not an outage when the store answered and refused: bad keys, a missing bucket, a missing blob', () => {
    expect(isStorageUnavailable(fromStorage(reply('InvalidAccessKeyId', 403)))).toBe(false);
    expect(isStorageUnavailable(fromStorage(reply('AccessDenied', 403)))).toBe(false);
    expect(isStorageUnavailable(fromStorage(reply('NoSuchBucket', 404)))).toBe(false);
    expect(isStorageUnavailable(fromStorage(reply('NotFound', 404)))).toBe(false);
    expect(isStorageUnavailable(fromStorage(reply('NotImplemented', 501)))).toBe(false);
    expect(isStorageUnavailable(fromStorage(new TypeError('Cannot read properties of undefined')))).toBe(
      false,
    );
  });

  it('is not an outage when the error is not the store client’s', () => {
    // The database, an identity provider, or the local disk (EIO, ENOSPC: a machine to repair, 500).
    expect(isStorageUnavailable(errno('ECONNREFUSED'))).toBe(false);
    const database = errno('ECONNREFUSED');
    markFromDatabase(database);
    expect(isStorageUnavailable(database)).toBe(false);
    expect(isStorageUnavailable(Object.assign(new Error('i/o error'), { code: 'EIO' }))).toBe(false);
    expect(isStorageUnavailable(fromStorage(Object.assign(new Error('no space'), { code: 'ENOSPC' })))).toBe(
      false,
    );
    expect(isStorageUnavailable(undefined)).toBe(false);
    expect(isStorageUnavailable('ECONNREFUSED')).toBe(false);
  });
});
