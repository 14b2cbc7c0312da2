/**
 * A small Prometheus registry in the shape of prom-client's (`registry.counter({ name, help, labelNames })`,
 * `inc`/`set`/`observe`/`startTimer`, `collect`, `metrics()`, `getMetricsAsJSON()`), writing the text exposition
 * format 0.0.4: `# HELP` and `# TYPE` lines, label values escaped (`\\`, `"`, newline), histograms as cumulative
 * `_bucket{le="…"}` lines ending at `+Inf`, then `_sum` and `_count`. prom-client is not installed here; when it
 * is, it replaces this file with the same calls (see docs/decisions/0077-backups-and-metrics.md).
 */
export type Labels = Record<string, string | number>;

export interface MetricValue {
  labels: Record<string, string>;
  value: number;
  /** For a histogram's samples: `<name>_bucket`, `_sum` or `_count`. */
  metricName?: string;
}

export interface MetricJson {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram';
  values: MetricValue[];
}

interface MetricConfig<N extends string, M = unknown> {
  name: string;
  help: string;
  labelNames?: readonly N[];
  /** Called on the metric before every read (scrape): a gauge sets its value from its source here. */
  collect?: (this: M) => void | Promise<void>;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

export const escapeHelp = (text: string) => text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
export const escapeLabelValue = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

export function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

function labelText(labels: Record<string, string>): string {
  const pairs = Object.entries(labels).map(([k, v]) => `${k}="${escapeLabelValue(v)}"`);
  return pairs.length ? `{${pairs.join(',')}}` : '';
}

abstract class Metric<N extends string> {
  abstract readonly type: MetricJson['type'];
  readonly name: string;
  readonly help: string;
  protected readonly labelNames: readonly N[];
  private readonly collector?: (this: unknown) => void | Promise<void>;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each subclass types `this` of its own collect
  constructor(config: MetricConfig<N, any>) {
    if (!NAME.test(config.name)) throw new Error(`invalid metric name ${config.name}`);
    for (const label of config.labelNames ?? []) {
      if (!LABEL.test(label) || label.startsWith('__') || label === 'le') throw new Error(`invalid label ${label}`);
    }
    this.name = config.name;
    this.help = config.help;
    this.labelNames = config.labelNames ?? [];
    this.collector = config.collect;
  }

  /** The label set as strings, in declared order; a label not declared is an error (a typo would split a series). */
  protected key(labels: Partial<Record<N, string | number>> = {}): { key: string; labels: Record<string, string> } {
    for (const name of Object.keys(labels)) {
      if (!this.labelNames.includes(name as N)) throw new Error(`${this.name} has no label ${name}`);
    }
    const out: Record<string, string> = {};
    for (const name of this.labelNames) {
      const value = labels[name];
      if (value !== undefined) out[name] = String(value);
    }
    return { key: JSON.stringify(out), labels: out };
  }

  async get(): Promise<MetricJson> {
    await this.collector?.call(this);
    return { name: this.name, help: this.help, type: this.type, values: this.values() };
  }

  protected abstract values(): MetricValue[];
  abstract reset(): void;
}

/** `inc(labels?, value?)` or `inc(value)`, as prom-client's. */
function args<N extends string>(a?: Partial<Record<N, string | number>> | number, b?: number) {
  return typeof a === 'number' ? { labels: undefined, value: a } : { labels: a, value: b };
}

export class Counter<N extends string = string> extends Metric<N> {
  readonly type = 'counter';
  private readonly series = new Map<string, MetricValue>();

  inc(labels?: Partial<Record<N, string | number>> | number, value?: number): void {
    const given = args(labels, value);
    const by = given.value ?? 1;
    if (!(by >= 0)) throw new Error(`${this.name}: a counter only goes up`);
    const { key, labels: set } = this.key(given.labels);
    const entry = this.series.get(key) ?? { labels: set, value: 0 };
    entry.value += by;
    this.series.set(key, entry);
  }

  protected values(): MetricValue[] {
    return [...this.series.values()].map((v) => ({ ...v }));
  }

  reset(): void {
    this.series.clear();
  }
}

export class Gauge<N extends string = string> extends Metric<N> {
  readonly type = 'gauge';
  private readonly series = new Map<string, MetricValue>();

  set(labels: Partial<Record<N, string | number>> | number, value?: number): void {
    const given = args(labels, value);
    const { key, labels: set } = this.key(given.labels);
    this.series.set(key, { labels: set, value: given.value ?? 0 });
  }

  inc(labels?: Partial<Record<N, string | number>> | number, value?: number): void {
    const given = args(labels, value);
    const { key, labels: set } = this.key(given.labels);
    const entry = this.series.get(key) ?? { labels: set, value: 0 };
    entry.value += given.value ?? 1;
    this.series.set(key, entry);
  }

  dec(labels?: Partial<Record<N, string | number>> | number, value?: number): void {
    const given = args(labels, value);
    this.inc(given.labels ?? {}, -(given.value ?? 1));
  }

  protected values(): MetricValue[] {
    return [...this.series.values()].map((v) => ({ ...v }));
  }

  reset(): void {
    this.series.clear();
  }
}

/** prom-client's default buckets, in seconds. */
export const DEFAULT_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface HistogramSeries {
  labels: Record<string, string>;
  counts: number[];
  sum: number;
  count: number;
}

export class Histogram<N extends string = string> extends Metric<N> {
  readonly type = 'histogram';
  private readonly buckets: number[];
  private readonly series = new Map<string, HistogramSeries>();

  constructor(config: MetricConfig<N, Histogram<N>> & { buckets?: number[] }) {
    super(config);
    this.buckets = [...(config.buckets ?? DEFAULT_BUCKETS)].sort((a, b) => a - b);
  }

  observe(labels: Partial<Record<N, string | number>> | number, value?: number): void {
    const given = args(labels, value);
    const v = given.value ?? 0;
    const { key, labels: set } = this.key(given.labels);
    let entry = this.series.get(key);
    if (!entry) {
      entry = { labels: set, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, entry);
    }
    const at = this.buckets.findIndex((upper) => v <= upper);
    if (at >= 0) entry.counts[at]! += 1;
    entry.sum += v;
    entry.count += 1;
  }

  /** Starts a timer; the function it answers observes the seconds since (with more labels, if given). */
  startTimer(labels: Partial<Record<N, string | number>> = {}): (more?: Partial<Record<N, string | number>>) => number {
    const started = process.hrtime.bigint();
    return (more = {}) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      this.observe({ ...labels, ...more }, seconds);
      return seconds;
    };
  }

  protected values(): MetricValue[] {
    const out: MetricValue[] = [];
    for (const entry of this.series.values()) {
      let cumulative = 0;
      this.buckets.forEach((upper, i) => {
        cumulative += entry.counts[i]!;
        out.push({
          labels: { ...entry.labels, le: formatValue(upper) },
          value: cumulative,
          metricName: `${this.name}_bucket`,
        });
      });
      out.push({ labels: { ...entry.labels, le: '+Inf' }, value: entry.count, metricName: `${this.name}_bucket` });
      out.push({ labels: entry.labels, value: entry.sum, metricName: `${this.name}_sum` });
      out.push({ labels: entry.labels, value: entry.count, metricName: `${this.name}_count` });
    }
    return out;
  }

  reset(): void {
    this.series.clear();
  }
}

export class Registry {
  static readonly contentType = 'text/plain; version=0.0.4; charset=utf-8';
  readonly contentType = Registry.contentType;
  private readonly all = new Map<string, Metric<string>>();

  private add<M extends Metric<string>>(metric: M): M {
    if (this.all.has(metric.name)) throw new Error(`metric ${metric.name} is registered twice`);
    this.all.set(metric.name, metric);
    return metric;
  }

  counter<N extends string>(config: MetricConfig<N, Counter<N>>): Counter<N> {
    return this.add(new Counter<N>(config) as unknown as Metric<string>) as unknown as Counter<N>;
  }

  gauge<N extends string>(config: MetricConfig<N, Gauge<N>>): Gauge<N> {
    return this.add(new Gauge<N>(config) as unknown as Metric<string>) as unknown as Gauge<N>;
  }

  histogram<N extends string>(config: MetricConfig<N, Histogram<N>> & { buckets?: number[] }): Histogram<N> {
    return this.add(new Histogram<N>(config) as unknown as Metric<string>) as unknown as Histogram<N>;
  }

  async getMetricsAsJSON(): Promise<MetricJson[]> {
    return Promise.all([...this.all.values()].map((m) => m.get()));
  }

  /** The text exposition of every metric. */
  async metrics(): Promise<string> {
    const lines: string[] = [];
    for (const metric of await this.getMetricsAsJSON()) {
      lines.push(`# HELP ${metric.name} ${escapeHelp(metric.help)}`, `# TYPE ${metric.name} ${metric.type}`);
      for (const v of metric.values)
        lines.push(`${v.metricName ?? metric.name}${labelText(v.labels)} ${formatValue(v.value)}`);
    }
    return `${lines.join('\n')}\n`;
  }
}
