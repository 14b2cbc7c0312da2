import { formatDateTime } from '@textbook/contracts';

/** yyyy-MM-dd HH:mm in China time (the console's times). */
export const dateTime = (ms: number | null | undefined): string => formatDateTime(ms);

export const yuan = (n: number | null | undefined) => (n === null || n === undefined ? '' : `¥${n.toFixed(2)}`);

export function bytes(n: number): string {
  if (n >= 1 << 30) return `${(n / (1 << 30)).toFixed(2)} GB`;
  if (n >= 1 << 20) return `${(n / (1 << 20)).toFixed(1)} MB`;
  return `${Math.round(n / 1024)} KB`;
}
