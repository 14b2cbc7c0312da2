import { Card, Col, Row, Statistic, Table, Tag } from 'antd';
import { useMonitor } from '../../../api/admin';
import { bytes } from '../format';
import { MetricsPanels } from './MetricsPanels';

/** This instance's health, refreshed every 5 s, with the numbers `/metrics` serves (MetricsPanels). */
export default function AdminMonitor() {
  const m = useMonitor().data;
  if (!m) return <Card loading />;
  return (
    <Row gutter={[16, 16]} data-testid="admin-monitor">
      <Col xs={12} md={6}>
        <Card size="small">
          <Statistic title="常驻内存" value={bytes(m.memory.rss)} />
        </Card>
      </Col>
      <Col xs={12} md={6}>
        <Card size="small">
          <Statistic title="堆内存" value={`${bytes(m.memory.heapUsed)} / ${bytes(m.memory.heapTotal)}`} />
        </Card>
      </Col>
      <Col xs={12} md={6}>
        <Card size="small">
          <Statistic title="CPU" value={m.cpu.percent} suffix="%" />
        </Card>
      </Col>
      <Col xs={12} md={6}>
        <Card size="small">
          <Statistic
            title="运行时间"
            value={`${Math.floor(m.uptimeSeconds / 3600)} 时 ${Math.floor((m.uptimeSeconds % 3600) / 60)} 分`}
          />
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card size="small" title="事件循环延迟">
          平均 {m.eventLoop.meanMs} ms · P99 {m.eventLoop.p99Ms} ms · 最大 {m.eventLoop.maxMs} ms
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card size="small" title="数据库">
          {m.database.dialect} <Tag color={m.database.ok ? 'green' : 'red'}>{m.database.ok ? '正常' : '异常'}</Tag>
          {m.database.ms} ms
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card size="small" title="Redis">
          {m.redis.configured ? (
            <>
              <Tag color={m.redis.ok ? 'green' : 'red'}>{m.redis.ok ? '正常' : '异常'}</Tag>
              {m.redis.ms} ms
            </>
          ) : (
            <Tag>未配置（进程内存储）</Tag>
          )}
        </Card>
      </Col>
      <MetricsPanels metrics={m.metrics} />
      <Col span={24}>
        <Card size="small" title="工作线程池">
          <Table
            size="small"
            rowKey="name"
            pagination={false}
            dataSource={m.workers}
            columns={[
              { title: '线程池', dataIndex: 'name' },
              { title: '线程', dataIndex: 'threads' },
              { title: '忙碌', dataIndex: 'busy' },
              { title: '排队', dataIndex: 'queued' },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
