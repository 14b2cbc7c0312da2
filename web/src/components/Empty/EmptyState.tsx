import { Empty } from 'antd';
import { Msg } from '@textbook/contracts';

/** The spec's empty state (暂无内容 unless told otherwise). */
export function EmptyState({ description = Msg.EMPTY }: { description?: string }) {
  return (
    <div className="empty-state">
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description} />
    </div>
  );
}
