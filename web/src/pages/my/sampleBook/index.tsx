import { useState } from 'react';
import { Empty, Segmented, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { formatDate, SampleState, type SampleRow } from '@textbook/contracts';
import { mySampleList } from '../../../api/samples';
import { ListTable } from '../../../kit/ListTable';

const STATE_COLOR: Record<number, string> = {
  [SampleState.AUDITING]: 'processing',
  [SampleState.APPROVED]: 'success',
  [SampleState.REJECTED]: 'error',
};

const day = (t: number | null) => formatDate(t, '—');
/** The last day a sample reads: the day before its end (it closes at that midnight, China time). */
const lastDay = (t: number | null) => (t === null ? '—' : day(t - 1));

const FILTERS = [
  { label: '全部', value: -1 },
  { label: '审核中', value: SampleState.AUDITING },
  { label: '已通过', value: SampleState.APPROVED },
  { label: '未通过', value: SampleState.REJECTED },
];

/** /my/sampleBook: the teacher's sample applications with state, dates, validity and the staff's reason. */
export default function SampleBookPage() {
  const [state, setState] = useState(-1);
  // The moment the page opened: whether an approved sample still reads.
  const [now] = useState(() => Date.now());

  return (
    <div className="page-section sample-book-page">
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap', marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          样书申请
        </Typography.Title>
        <Segmented options={FILTERS} value={state} onChange={setState} />
      </div>
      <ListTable<SampleRow>
        variant="centre"
        source={mySampleList}
        params={state < 0 ? {} : { state }}
        rowKey="id"
        testId="sample-list"
        minWidth={760}
        totalText={(total) => `共 ${total} 条`}
        pager={{ showSizeChanger: true }}
        table={{ size: 'large', locale: { emptyText: <Empty description="暂无内容" /> } }}
        columns={[
          {
            title: '教材',
            dataIndex: 'bookTitle',
            fixed: 'left',
            width: 200,
            render: (_v, r) => (
              <Link to={`/book-detail?id=${r.bookId}`} style={{ display: 'flex', gap: 10, alignItems: 'center' }}>
                {r.cover ? <img src={r.cover} alt="" width={36} height={48} style={{ objectFit: 'cover' }} /> : null}
                <span>{r.bookTitle}</span>
              </Link>
            ),
          },
          {
            title: '状态',
            dataIndex: 'state',
            width: 90,
            render: (_v, r) => <Tag color={STATE_COLOR[r.state]}>{r.stateLabel}</Tag>,
          },
          { title: '试用期限', dataIndex: 'validityLabel', width: 90 },
          { title: '申请时间', dataIndex: 'createdAt', width: 110, render: (t: number) => day(t) },
          { title: '审核时间', dataIndex: 'reviewedAt', width: 110, render: (t: number | null) => day(t) },
          {
            title: '有效期至',
            dataIndex: 'expiresAt',
            width: 110,
            render: (t: number | null) => lastDay(t),
          },
          {
            title: '说明',
            dataIndex: 'reason',
            render: (_v, r) =>
              r.state === SampleState.APPROVED && r.expiresAt !== null && r.expiresAt > now ? (
                <Link to={`/bookPreview?bookId=${r.bookId}`}>阅读</Link>
              ) : r.state === SampleState.APPROVED ? (
                <Typography.Text type="secondary">已到期</Typography.Text>
              ) : (
                r.reason || '—'
              ),
          },
        ]}
      />
    </div>
  );
}
