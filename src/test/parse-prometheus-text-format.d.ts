/** The parser's output (prom2json's shape): values stay strings as written. */
declare module 'parse-prometheus-text-format' {
  export interface ParsedSample {
    labels?: Record<string, string>;
    value?: string;
    /** Histograms: upper bound → cumulative count. */
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }
  export interface ParsedFamily {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: ParsedSample[];
  }
  export default function parsePrometheusTextFormat(text: string): ParsedFamily[];
}
