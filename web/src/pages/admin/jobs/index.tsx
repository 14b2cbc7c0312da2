import { App, Button, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatTimeOfDay, type JobRow } from '@textbook/contracts';
import { adminGet, adminPost } from '../../../api/admin';
import { ConfirmAction } from '../components/Confirm';

const seconds = (ms: number) => (ms % 60_000 === 0 ? `每 ${ms / 60_000} 分钟` : `每 ${ms / 1000} 秒`);
const clock = (ms: number | null) => (ms ? `${formatDate(ms)} ${formatTimeOfDay(ms)}` : '—');

/** The app's scheduled jobs on this instance: last run and result, next run; run now, pause, resume. */
export default function AdminJobs() {
  const { message } = App.useApp();
  const jobs = useQuery({
    queryKey: ['admin', 'jobs'],
    queryFn: () => adminGet<JobRow[]>('/api/admin/jobs'),
    refetchInterval: 10_000,
  });
  const run = async (name: string) => {
    try {
      const job = await adminPost<JobRow>('/api/admin/jobs/run', { name });
      if (job.lastResult === 'error') void message.error(`执行失败：${job.lastMessage}`);
      else void message.success('已执行');
    } catch {
      // the client has shown the server's message
    }
    await jobs.refetch();
  };
  return (
    <div className="admin-table" data-testid="admin-jobs">
      <Table<JobRow>
        rowKey="name"
        size="middle"
        loading={jobs.isFetching}
        dataSource={jobs.data ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: '任务', dataIndex: 'label', sorter: (a, b) => a.label.localeCompare(b.label) },
          { title: '名称', dataIndex: 'name' },
          { title: '周期', key: 'every', render: (_, r) => seconds(r.everyMs) },
          {
            title: '状态',
            key: 'state',
            render: (_, r) =>
              r.running ? <Tag color="blue">运行中</Tag> : r.paused ? <Tag>已暂停</Tag> : <Tag color="green">运行</Tag>,
          },
          { title: '上次运行', key: 'last', render: (_, r) => clock(r.lastStartedAt) },
          {
            title: '结果',
            key: 'result',
            render: (_, r) =>
              r.lastResult === null ? (
                '—'
              ) : (
                <Space size={4}>
                  <Tag color={r.lastResult === 'ok' ? 'green' : 'red'}>{r.lastResult === 'ok' ? '成功' : '失败'}</Tag>
                  <span data-testid={`job-message-${r.name}`}>{r.lastMessage}</span>
                  {r.lastMs !== null && <Typography.Text type="secondary">{r.lastMs} ms</Typography.Text>}
                </Space>
              ),
          },
          { title: '下次运行', key: 'next', render: (_, r) => clock(r.nextRunAt) },
          { title: '次数', key: 'runs', render: (_, r) => `${r.runs}（失败 ${r.failures}）` },
          {
            title: '操作',
            key: 'actions',
            fixed: 'right',
            render: (_, r) => (
              <Space size={0}>
                <Button size="small" type="link" onClick={() => void run(r.name)} data-testid={`job-run-${r.name}`}>
                  立即执行
                </Button>
                {r.paused ? (
                  <ConfirmAction
                    title={`恢复任务“${r.label}”？`}
                    run={async () => {
                      await adminPost('/api/admin/jobs/resume', { name: r.name });
                      await jobs.refetch();
                    }}
                    done="已恢复"
                  >
                    恢复
                  </ConfirmAction>
                ) : (
                  <ConfirmAction
                    title={`暂停任务“${r.label}”？`}
                    description="暂停后不再按周期运行（本实例），直到恢复"
                    danger
                    run={async () => {
                      await adminPost('/api/admin/jobs/pause', { name: r.name });
                      await jobs.refetch();
                    }}
                    done="已暂停"
                  >
                    暂停
                  </ConfirmAction>
                )}
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
}
