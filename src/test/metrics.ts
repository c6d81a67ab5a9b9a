import type { FastifyInstance } from 'fastify';
import parsePrometheusTextFormat, {
  type ParsedFamily,
  type ParsedSample,
} from 'parse-prometheus-text-format';

/**
 * A /metrics answer read by a third-party Prometheus text-format parser (not our own code). The
 * parser folds a histogram's series into one and drops their labels (it flattens by `le` only), so
 * the histograms' `_bucket`, `_sum` and `_count` lines are also read as plain samples, labels kept:
 * `families` has each family's declared type, `samples` every line with its labels.
 */
export class Scrape {
  readonly families: Map<string, ParsedFamily>;
  private readonly lines: Map<string, ParsedFamily>;

  constructor(readonly text: string) {
    this.families = new Map(parsePrometheusTextFormat(text).map((family) => [family.name, family]));
    const untyped = text.replace(/^# TYPE (\S+) (histogram|summary)$/gm, '# TYPE $1 untyped');
    // A series' _bucket, _sum and _count lines come together, so each name recurs once per series.
    this.lines = new Map();
    for (const family of parsePrometheusTextFormat(untyped)) {
      const seen = this.lines.get(family.name);
      if (seen) seen.metrics.push(...family.metrics);
      else this.lines.set(family.name, family);
    }
  }

  family(name: string): ParsedFamily {
    const family = this.families.get(name);
    if (!family) throw new Error(`no ${name} in the scrape`);
    return family;
  }

  /** The samples named `name` (a histogram's: `x_count`, `x_sum`, `x_bucket`) whose labels include `labels`. */
  samples(name: string, labels: Record<string, string> = {}): ParsedSample[] {
    return (this.lines.get(name)?.metrics ?? []).filter((sample) =>
      Object.entries(labels).every(([key, value]) => sample.labels?.[key] === value),
    );
  }

  /** A sample's value for exactly one matching sample; 0 when there is none yet. */
  value(name: string, labels: Record<string, string> = {}): number {
    const found = this.samples(name, labels);
    if (found.length > 1)
      throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
    return found[0] ? Number(found[0].value) : 0;
  }

  /** A histogram's observation count for one series; 0 when it has none yet. */
  count(histogram: string, labels: Record<string, string> = {}): number {
    return this.value(`${histogram}_count`, labels);
  }
}

export const TEST_METRICS_TOKEN = 'test-metrics-token-0123456789abcdef';

/** GET /metrics on the app's port with the test token. */
export async function scrape(app: FastifyInstance, token = TEST_METRICS_TOKEN): Promise<Scrape> {
  const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
  if (res.statusCode !== 200) throw new Error(`/metrics answered ${res.statusCode}: ${res.body}`);
  return new Scrape(res.body);
}
