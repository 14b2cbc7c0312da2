import { Card, Col, Space, Statistic, Table, Tag } from 'antd';
import { JobLabels, type MonitorMetric } from '@textbook/contracts';
import { byLabel, meanPer, samples, sum } from './metrics';

/**
 * The numbers of `GET /metrics` (the same registry, since this instance started): requests and errors, the
 * slowest-used routes, database queries and pool, read caches, scheduled jobs, SMS and payments.
 */
export function MetricsPanels({ metrics }: { metrics: MonitorMetric[] }) {
  const requests = sum(samples(metrics, 'http_requests_total'));
  const errors = byLabel(samples(metrics, 'http_errors_total'), 'status');
  const routes = meanPer(metrics, 'http_request_duration_seconds', ['method', 'route']).slice(0, 10);
  const queries = meanPer(metrics, 'db_query_duration_seconds', ['outcome']);
  const pool = Object.fromEntries(samples(metrics, 'db_pool_connections').map((v) => [v.labels.state, v.value]));
  const waiting = sum(samples(metrics, 'db_pool_waiting'));
  const caches = byLabel(samples(metrics, 'cache_requests_total'), 'cache').map(({ key }) => {
    const of = samples(metrics, 'cache_requests_total').filter((v) => v.labels.cache === key);
    const hits = sum(of.filter((v) => v.labels.result === 'hit'));
    const total = sum(of);
    return { key, hits, misses: total - hits, rate: total ? Math.round((hits / total) * 1000) / 10 : 0 };
  });
  const jobs = byLabel(samples(metrics, 'job_runs_total'), 'job').map(({ key }) => {
    const of = samples(metrics, 'job_runs_total').filter((v) => v.labels.job === key);
    return {
      key,
      ok: sum(of.filter((v) => v.labels.result === 'ok')),
      error: sum(of.filter((v) => v.labels.result === 'error')),
    };
  });
  const outcomes = (name: string, label: string) => {
    const found = byLabel(samples(metrics, name), label);
    if (!found.length) return '无';
    return found.map(({ key, value }) => (
      <Tag key={key}>
        {key} {value}
      </Tag>
    ));
  };
  return (
    <>
      <Col xs={12} md={6}>
        <Card size="small" data-testid="monitor-requests">
          <Statistic title="请求总数" value={requests} />
        </Card>
      </Col>
      <Col xs={12} md={6}>
        <Card size="small">
          <Statistic title="错误应答" value={errors.reduce((total, e) => total + e.value, 0)} />
          <Space wrap size={4}>
            {errors.map((e) => (
              <Tag key={e.key} color={Number(e.key) >= 500 ? 'red' : 'orange'}>
                {e.key}: {e.value}
              </Tag>
            ))}
          </Space>
        </Card>
      </Col>
      <Col xs={24} sm={12} md={6}>
        <Card size="small" title="数据库查询">
          {queries.map((q) => (
            <div key={q.key}>
              {q.key === 'ok' ? '成功' : '失败'} {q.count} 次 · 平均 {q.meanMs} ms
            </div>
          ))}
          连接 {pool.open ?? 0}（空闲 {pool.idle ?? 0}）· 等待 {waiting}
        </Card>
      </Col>
      <Col xs={24} sm={12} md={6}>
        <Card size="small" title="短信与支付">
          <div>短信：{outcomes('sms_messages_total', 'outcome')}</div>
          <div>支付通知：{outcomes('payment_notifications_total', 'outcome')}</div>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title="请求最多的接口" data-testid="monitor-routes">
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={routes}
            columns={[
              { title: '接口', dataIndex: 'key' },
              { title: '次数', dataIndex: 'count' },
              { title: '平均耗时 (ms)', dataIndex: 'meanMs' },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title="读缓存命中" data-testid="monitor-caches">
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={caches}
            columns={[
              { title: '缓存', dataIndex: 'key' },
              { title: '命中', dataIndex: 'hits' },
              { title: '未命中', dataIndex: 'misses' },
              { title: '命中率 (%)', dataIndex: 'rate' },
            ]}
          />
        </Card>
        <Card size="small" title="定时任务运行" style={{ marginTop: 16 }}>
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={jobs}
            columns={[
              {
                title: '任务',
                dataIndex: 'key',
                render: (key: string) => JobLabels[key as keyof typeof JobLabels] ?? key,
              },
              { title: '成功', dataIndex: 'ok' },
              { title: '失败', dataIndex: 'error' },
            ]}
          />
        </Card>
      </Col>
    </>
  );
}
