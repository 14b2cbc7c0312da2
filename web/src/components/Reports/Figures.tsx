import { Card, Statistic } from 'antd';

/** Key figures in a responsive grid (four across on a desktop, two on a phone). */
export function Figures({ items }: { items: { label: string; value: string | number; suffix?: string }[] }) {
  return (
    <div className="report-figures">
      {items.map((f) => (
        <Card key={f.label} size="small">
          <Statistic title={f.label} value={f.value} suffix={f.suffix} />
        </Card>
      ))}
    </div>
  );
}
