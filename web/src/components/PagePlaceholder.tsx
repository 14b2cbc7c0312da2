import { Typography } from 'antd';
import { EmptyState } from './Empty/EmptyState';

/** A route whose page belongs to a later issue: its real layout, a title and the 暂无内容 state. */
export function PagePlaceholder({ title }: { title: string }) {
  return (
    <div className="container page-section">
      <Typography.Title level={3}>{title}</Typography.Title>
      <EmptyState />
    </div>
  );
}
