/**
 * A value read from the database when Prometheus scrapes, kept for `ttlMs`: several scrapers (or
 * one scraping every second) cost one query per period, and scrapes arriving together share the
 * one in flight. A failed read is reported once per period and leaves the series out of that
 * scrape rather than failing the whole scrape (decision 0440).
 */
export class ScrapeCache<T> {
  private value: T | undefined;
  private readAt = Number.NEGATIVE_INFINITY;
  private pending: Promise<T | undefined> | undefined;

  constructor(
    private readonly read: () => Promise<T>,
    private readonly ttlMs: number,
    private readonly onError: (err: unknown) => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get(): Promise<T | undefined> {
    if (this.now() - this.readAt < this.ttlMs) return Promise.resolve(this.value);
    this.pending ??= this.read()
      .then(
        (value) => {
          this.value = value;
          return value;
        },
        (err: unknown) => {
          this.onError(err);
          this.value = undefined;
          return undefined;
        },
      )
      .finally(() => {
        this.readAt = this.now();
        this.pending = undefined;
      });
    return this.pending;
  }
}
