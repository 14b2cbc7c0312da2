import type { MonitorMetric } from '@textbook/contracts';

/** Reading the monitor's metrics (the registry `/metrics` serves): sums and groups of a metric's samples. */
type Values = MonitorMetric['values'];

export function samples(metrics: MonitorMetric[], name: string, metricName = name): Values {
  return metrics.find((m) => m.name === name)?.values.filter((v) => (v.metricName ?? name) === metricName) ?? [];
}

export const sum = (values: Values) => values.reduce((total, v) => total + v.value, 0);

/** Sums per value of one label (e.g. errors per status). */
export function byLabel(values: Values, label: string): { key: string; value: number }[] {
  const groups = new Map<string, number>();
  for (const v of values) groups.set(v.labels[label] ?? '', (groups.get(v.labels[label] ?? '') ?? 0) + v.value);
  return [...groups].map(([key, value]) => ({ key, value })).sort((a, b) => b.value - a.value);
}

/** A histogram's series as count and mean (ms), keyed by the given labels, most counted first. */
export function meanPer(metrics: MonitorMetric[], name: string, labels: string[]) {
  const key = (v: Values[number]) => labels.map((l) => v.labels[l] ?? '').join(' ');
  const sums = new Map(samples(metrics, name, `${name}_sum`).map((v) => [key(v), v.value]));
  return samples(metrics, name, `${name}_count`)
    .map((v) => ({
      key: key(v),
      count: v.value,
      meanMs: v.value ? Math.round(((sums.get(key(v)) ?? 0) / v.value) * 10_000) / 10 : 0,
    }))
    .sort((a, b) => b.count - a.count);
}
