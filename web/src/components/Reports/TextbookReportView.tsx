import { useMemo, useState } from 'react';
import { Card, Empty, Select, Skeleton, Table, Typography } from 'antd';
import type { ClassSummary, TextbookReport } from '@textbook/contracts';
import { useTextbookReport, type Range } from '../../api/reports';
import { Chart } from './Chart';
import { Figures } from './Figures';
import { ExportButtons, minutes, percent, RangeFilter } from './Toolbar';
import './reports.css';

function Months({ report }: { report: TextbookReport }) {
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 16, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: report.months.map((m) => m.month) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { type: 'bar', name: '阅读人次', data: report.months.map((m) => m.reads) },
        { type: 'line', name: '阅读人数', data: report.months.map((m) => m.readers) },
      ],
    }),
    [report],
  );
  return <Chart option={option} label="每月阅读人次与人数" />;
}

function Sections({ report }: { report: TextbookReport }) {
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 8, right: 16, top: 8, bottom: 8, containLabel: true },
      xAxis: { type: 'value', max: 100 },
      yAxis: {
        type: 'category',
        inverse: true,
        data: report.sections.map((s) => s.title),
        axisLabel: { width: 110, overflow: 'truncate' },
      },
      visualMap: { show: false, min: 0, max: 100, inRange: { color: ['#bfdbfe', '#fbbf24', '#dc2626'] } },
      series: [{ type: 'bar', name: '难点指数', data: report.sections.map((s) => s.struggle ?? 0) }],
    }),
    [report],
  );
  return <Chart option={option} height={Math.max(200, report.sections.length * 32 + 40)} label="章节难点分布" />;
}

/**
 * A book's use across classes and colleges: with `staff`, every college through the console's route (the
 * publisher's staff); otherwise the college administrator's own college. `/textbookReport` and the console's
 * 教材报告 page show it.
 */
export function TextbookReportView({ staff }: { staff: boolean }) {
  const [range, setRange] = useState<Range>({});
  const [bookId, setBookId] = useState<number | undefined>();
  const report = useTextbookReport(staff, bookId, range);
  const r = report.data;
  return (
    <div className="report-page" data-testid="textbook-report">
      <div className="report-head">
        <Typography.Title level={3}>教材使用报告</Typography.Title>
        <RangeFilter value={range} onChange={setRange} />
      </div>
      {!r ? (
        <Skeleton active />
      ) : r.bookId === null ? (
        <Empty description="暂无教材使用数据" />
      ) : (
        <>
          <div className="report-head">
            <Select
              aria-label="选择教材"
              style={{ minWidth: 240, maxWidth: '100%' }}
              value={r.bookId}
              options={r.books.map((b) => ({ value: b.id, label: b.title }))}
              onChange={(v) => setBookId(v)}
            />
            <ExportButtons
              url={staff ? '/api/admin/report/textbookExport' : '/api/classReport/textbookExport'}
              params={{ bookId: r.bookId, ...range }}
              staff={staff}
            />
          </div>
          <Figures
            items={[
              { label: '学院', value: r.colleges.length },
              { label: '班级数', value: r.classes.length },
              { label: '学生数', value: r.classes.reduce((n, c) => n + c.students, 0) },
              { label: '阅读时长', value: minutes(r.classes.reduce((n, c) => n + c.seconds, 0)), suffix: '分钟' },
            ]}
          />
          <div className="report-grid">
            <Card size="small" title="每月阅读">
              <Months report={r} />
            </Card>
            <Card size="small" title="章节难点分布">
              <Sections report={r} />
            </Card>
          </div>
          <Card size="small" title="各学院使用情况">
            <Table
              rowKey="collegeId"
              size="small"
              pagination={false}
              dataSource={r.colleges}
              scroll={{ x: 560 }}
              columns={[
                { title: '学院', dataIndex: 'collegeName' },
                { title: '班级数', dataIndex: 'classes', width: 80 },
                { title: '学生数', dataIndex: 'students', width: 80 },
                { title: '已打开', dataIndex: 'opened', width: 80 },
                { title: '平均进度', dataIndex: 'avgProgress', width: 90, render: (v: number) => percent(v) },
                { title: '时长（分钟）', dataIndex: 'seconds', width: 110, render: (v: number) => minutes(v) },
              ]}
            />
          </Card>
          <Card size="small" title="各班级使用情况">
            <Table<ClassSummary>
              rowKey="classId"
              size="small"
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              dataSource={r.classes}
              scroll={{ x: 640 }}
              columns={[
                { title: '学院', dataIndex: 'collegeName', width: 140 },
                { title: '班级', dataIndex: 'className', width: 120 },
                { title: '学生数', dataIndex: 'students', width: 80 },
                { title: '已打开', dataIndex: 'opened', width: 80 },
                { title: '平均进度', dataIndex: 'avgProgress', width: 90, render: (v: number) => percent(v) },
                { title: '人均时长（分钟）', dataIndex: 'avgMinutes', width: 120 },
              ]}
            />
          </Card>
        </>
      )}
    </div>
  );
}
