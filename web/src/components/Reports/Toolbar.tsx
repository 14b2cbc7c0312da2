import { useEffect, useState } from 'react';
import { Button, DatePicker, Space, Spin } from 'antd';
import dayjs from '../../ui/dayjs';
import type { Range } from '../../api/reports';
import { downloadReport } from '../../api/reports';

const FORMAT = 'YYYY-MM-DD';

/** The date range filter: both ends, or none (the report's default, this term). */
export function RangeFilter({ value, onChange }: { value: Range; onChange: (r: Range) => void }) {
  return (
    <DatePicker.RangePicker
      aria-label="统计范围"
      allowClear
      value={value.start && value.end ? [dayjs(value.start), dayjs(value.end)] : null}
      onChange={(v) =>
        onChange(
          v?.[0] && v[1]
            ? { start: v[0].format(FORMAT), end: v[1].format(FORMAT) }
            : { start: undefined, end: undefined },
        )
      }
      style={{ maxWidth: 280 }}
    />
  );
}

/**
 * 导出表格 (type 0) and 导出PDF (type 2). A long export shows what is happening and for how long, and the
 * buttons wait until it is done.
 */
export function ExportButtons({
  url,
  params,
  staff = false,
}: {
  url: string;
  params: Record<string, string | number | undefined>;
  staff?: boolean;
}) {
  const [busy, setBusy] = useState<null | { type: number; since: number }>(null);
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - busy.since) / 1000)), 500);
    return () => clearInterval(timer);
  }, [busy]);
  const run = async (type: number) => {
    setSeconds(0);
    setBusy({ type, since: Date.now() });
    try {
      await downloadReport(url, { ...params, type }, staff);
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(null);
    }
  };
  return (
    <Space wrap>
      <Button onClick={() => void run(0)} loading={busy?.type === 0} disabled={Boolean(busy)}>
        导出表格
      </Button>
      <Button type="primary" onClick={() => void run(2)} loading={busy?.type === 2} disabled={Boolean(busy)}>
        导出PDF
      </Button>
      {busy && (
        <span role="status" data-testid="export-progress" style={{ color: '#64748b' }}>
          <Spin size="small" /> 正在生成{busy.type === 2 ? 'PDF' : '表格'}，已用时 {seconds} 秒…
        </span>
      )}
    </Space>
  );
}

export const minutes = (seconds: number) => Math.round((seconds / 60) * 10) / 10;
export const percent = (share: number) => `${Math.round(share * 100)}%`;
