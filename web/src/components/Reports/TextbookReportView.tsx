import { useMemo, useState } from 'react';
import { Card, Empty, Select, Skeleton, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ReportMsg, type ClassSummary, type CollegeUse, type TextbookReport } from '@textbook/contracts';
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
        { type: 'bar', name: ReportMsg.READS, data: report.months.map((m) => m.reads) },
        { type: 'line', name: ReportMsg.READERS, data: report.months.map((m) => m.readers) },
      ],
    }),
    [report],
  );
  return <Chart option={option} label={ReportMsg.MONTHLY_CHART} />;
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
      series: [{ type: 'bar', name: ReportMsg.STRUGGLE, data: report.sections.map((s) => s.struggle ?? 0) }],
    }),
    [report],
  );
  return (
    <Chart
      option={option}
      height={Math.max(200, report.sections.length * 32 + 40)}
      label={ReportMsg.SECTIONS_STRUGGLE}
    />
  );
}

/** The columns of both tables, a college's or a class's: its students, how many opened the book, their progress. */
function shareColumns<T extends { students: number; opened: number; avgProgress: number }>(): ColumnsType<T> {
  return [
    { title: ReportMsg.STUDENTS, dataIndex: 'students', width: 80 },
    { title: ReportMsg.OPENED_SHORT, dataIndex: 'opened', width: 80 },
    { title: ReportMsg.AVG_PROGRESS, dataIndex: 'avgProgress', width: 90, render: (v: number) => percent(v) },
  ];
}

/**
 * A book's use across classes and colleges: with `staff`, every college through the console's route (the
 * publisher's staff); otherwise the college administrator's own college. `/textbookReport` and the console's
 * 教材报告 page show it, under that name (`ReportMsg.TEXTBOOK_MENU`, the console header's too).
 */
export function TextbookReportView({ staff }: { staff: boolean }) {
  const [range, setRange] = useState<Range>({});
  const [bookId, setBookId] = useState<number | undefined>();
  const report = useTextbookReport(staff, bookId, range);
  const r = report.data;
  return (
    <div className="report-page" data-testid="textbook-report">
      <div className="report-head">
        <Typography.Title level={3}>{ReportMsg.TEXTBOOK_MENU}</Typography.Title>
        <RangeFilter value={range} onChange={setRange} />
      </div>
      {!r ? (
        <Skeleton active />
      ) : r.bookId === null ? (
        <Empty description={ReportMsg.NO_TEXTBOOK_USE} />
      ) : (
        <>
          <div className="report-head">
            <Select
              aria-label={ReportMsg.PICK_BOOK}
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
              { label: ReportMsg.COLLEGE, value: r.colleges.length },
              { label: ReportMsg.CLASSES, value: r.classes.length },
              { label: ReportMsg.STUDENTS, value: r.classes.reduce((n, c) => n + c.students, 0) },
              {
                label: ReportMsg.SECONDS,
                value: minutes(r.classes.reduce((n, c) => n + c.seconds, 0)),
                suffix: ReportMsg.MINUTE_UNIT,
              },
            ]}
          />
          <div className="report-grid">
            <Card size="small" title={ReportMsg.MONTHLY}>
              <Months report={r} />
            </Card>
            <Card size="small" title={ReportMsg.SECTIONS_STRUGGLE}>
              <Sections report={r} />
            </Card>
          </div>
          <Card size="small" title={ReportMsg.BY_COLLEGE}>
            <Table<CollegeUse>
              rowKey="collegeId"
              size="small"
              pagination={false}
              dataSource={r.colleges}
              scroll={{ x: 560 }}
              columns={[
                { title: ReportMsg.COLLEGE, dataIndex: 'collegeName' },
                { title: ReportMsg.CLASSES, dataIndex: 'classes', width: 80 },
                ...shareColumns<CollegeUse>(),
                {
                  title: ReportMsg.SECONDS_MINUTES,
                  dataIndex: 'seconds',
                  width: 110,
                  render: (v: number) => minutes(v),
                },
              ]}
            />
          </Card>
          <Card size="small" title={ReportMsg.BY_CLASS}>
            <Table<ClassSummary>
              rowKey="classId"
              size="small"
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              dataSource={r.classes}
              scroll={{ x: 640 }}
              columns={[
                { title: ReportMsg.COLLEGE, dataIndex: 'collegeName', width: 140 },
                { title: ReportMsg.CLASS, dataIndex: 'className', width: 120 },
                ...shareColumns<ClassSummary>(),
                { title: ReportMsg.AVG_MINUTES, dataIndex: 'avgMinutes', width: 120 },
              ]}
            />
          </Card>
        </>
      )}
    </div>
  );
}
