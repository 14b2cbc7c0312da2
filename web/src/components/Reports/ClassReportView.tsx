import { useMemo, useState } from 'react';
import { Alert, Button, Card, Drawer, Grid, Progress, Skeleton, Table, Tag } from 'antd';
import type { ClassReport, StudentFigure } from '@textbook/contracts';
import { useStudentReport, type Range } from '../../api/reports';
import { Chart } from './Chart';
import { Figures } from './Figures';
import { StudyReportView } from './StudyReportView';
import { ExportButtons, minutes, percent } from './Toolbar';
import './reports.css';

/** Where the class struggles: each chapter's struggle index, coloured from calm to hot, with notes and highlights. */
function StruggleMap({ report }: { report: ClassReport }) {
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { top: 0 },
      grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
      xAxis: { type: 'value' },
      yAxis: {
        type: 'category',
        inverse: true,
        data: report.sections.map((s) => s.title),
        axisLabel: { width: 110, overflow: 'truncate' },
      },
      visualMap: {
        show: false,
        seriesIndex: 0,
        min: 0,
        max: 100,
        inRange: { color: ['#bfdbfe', '#fbbf24', '#dc2626'] },
      },
      series: [
        { type: 'bar', name: '难点指数', data: report.sections.map((s) => s.struggle ?? 0) },
        { type: 'bar', name: '笔记', data: report.sections.map((s) => s.notes), itemStyle: { color: '#7c3aed' } },
        { type: 'bar', name: '划线', data: report.sections.map((s) => s.highlights), itemStyle: { color: '#16a34a' } },
      ],
    }),
    [report],
  );
  return <Chart option={option} height={Math.max(220, report.sections.length * 56 + 60)} label="章节难点分布" />;
}

function DailyLine({ report }: { report: ClassReport }) {
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 40, top: 32, bottom: 28 },
      xAxis: { type: 'category', data: report.daily.map((d) => d.day) },
      yAxis: [
        { type: 'value', name: '分钟' },
        { type: 'value', name: '人', minInterval: 1 },
      ],
      series: [
        { type: 'bar', name: '阅读时长（分钟）', data: report.daily.map((d) => minutes(d.seconds)) },
        { type: 'line', name: '阅读人数', yAxisIndex: 1, data: report.daily.map((d) => d.readers ?? 0) },
      ],
    }),
    [report],
  );
  return <Chart option={option} label="每日阅读时长与人数" />;
}

/** Homework: each one's submissions and average score, and students by average score band. */
function Homework({ homework }: { homework: NonNullable<ClassReport['homework']> }) {
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 32, right: 8, top: 16, bottom: 28 },
      xAxis: { type: 'category', data: homework.bands.map((b) => b.band) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ type: 'bar', name: '人数', data: homework.bands.map((b) => b.students) }],
    }),
    [homework],
  );
  return (
    <Card size="small" title="作业完成与成绩分布">
      <div className="report-grid">
        <Chart option={option} height={220} label="作业成绩分布" />
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={homework.items}
          columns={[
            { title: '作业', dataIndex: 'title', ellipsis: true },
            { title: '提交', width: 80, render: (_v, h) => `${h.submitted ?? 0}/${h.students ?? 0}` },
            {
              title: '平均分',
              width: 90,
              render: (_v, h) => (h.score === null ? '—' : `${h.score}/${h.fullScore ?? ''}`),
            },
          ]}
        />
      </div>
    </Card>
  );
}

/** One class's report: figures, the struggle map, every student (a click opens their report), days. */
export function ClassReportView({ report, range }: { report: ClassReport; range: Range }) {
  const [student, setStudent] = useState<StudentFigure | null>(null);
  const detail = useStudentReport(report.classId, student?.memberId, range);
  const phone = !Grid.useBreakpoint().md;
  return (
    <div className="report-page" data-testid="class-report">
      <div className="report-head">
        <span>
          {report.bookName} · {report.start} 至 {report.end}
        </span>
        <ExportButtons url="/api/classReport/export" params={{ classId: report.classId, ...range }} />
      </div>
      <Figures
        items={[
          { label: '学生数', value: report.students },
          { label: '已打开教材', value: report.opened },
          { label: '平均进度', value: percent(report.avgProgress) },
          { label: '人均阅读天数', value: report.avgDays, suffix: '天' },
          { label: '阅读时长', value: minutes(report.seconds), suffix: '分钟' },
          { label: '笔记', value: report.notes },
          { label: '划线', value: report.highlights },
          { label: '未打开教材', value: report.notOpened.length, suffix: '人' },
        ]}
      />
      {report.notOpened.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={`未打开教材的学生（${report.notOpened.length}）`}
          description={report.notOpened.map((s) => `${s.name}（${s.studentId}）`).join('、')}
        />
      )}
      <div className="report-grid">
        <Card size="small" title="章节难点分布（划线、笔记与停留时长）" data-testid="struggle-map">
          <StruggleMap report={report} />
        </Card>
        <Card size="small" title="每日阅读">
          <DailyLine report={report} />
        </Card>
      </div>
      {report.homework && <Homework homework={report.homework} />}
      <Card size="small" title="学生学习情况">
        <Table<StudentFigure>
          rowKey="memberId"
          size="small"
          dataSource={report.roster}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: report.homework ? 950 : 760 }}
          columns={[
            {
              title: '姓名',
              dataIndex: 'name',
              fixed: 'left',
              width: 100,
              render: (name: string, s) => (
                <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setStudent(s)}>
                  {name}
                </Button>
              ),
            },
            { title: '学号', dataIndex: 'studentId', width: 100 },
            {
              title: '阅读进度',
              dataIndex: 'progress',
              width: 160,
              sorter: (a, b) => a.progress - b.progress,
              render: (v: number, s) =>
                s.opened ? <Progress percent={Math.round(v * 100)} size="small" /> : <Tag color="warning">未打开</Tag>,
            },
            {
              title: '时长（分钟）',
              dataIndex: 'seconds',
              width: 100,
              sorter: (a, b) => a.seconds - b.seconds,
              render: (v: number) => minutes(v),
            },
            { title: '阅读天数', dataIndex: 'days', width: 90, sorter: (a, b) => a.days - b.days },
            { title: '笔记', dataIndex: 'notes', width: 70 },
            { title: '划线', dataIndex: 'highlights', width: 70 },
            { title: '最近阅读', dataIndex: 'lastDay', width: 110, render: (v: string | null) => v ?? '—' },
            ...(report.homework
              ? [
                  {
                    title: '作业完成',
                    dataIndex: 'homeworkDone',
                    width: 90,
                    sorter: (a: StudentFigure, b: StudentFigure) => (a.homeworkDone ?? 0) - (b.homeworkDone ?? 0),
                    render: (v: number | null | undefined) => `${v ?? 0}/${report.homework!.items.length}`,
                  },
                  {
                    title: '作业得分率',
                    dataIndex: 'homeworkScore',
                    width: 100,
                    sorter: (a: StudentFigure, b: StudentFigure) => (a.homeworkScore ?? -1) - (b.homeworkScore ?? -1),
                    render: (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${v}%`),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <Drawer
        open={Boolean(student)}
        onClose={() => setStudent(null)}
        size={phone ? 'default' : 'large'}
        width={phone ? '100%' : 720}
        title={detail.data?.title ?? student?.name}
        extra={
          student && (
            <ExportButtons
              url="/api/classReport/studentExport"
              params={{ classId: report.classId, memberId: student.memberId, ...range }}
            />
          )
        }
      >
        {detail.data ? <StudyReportView report={detail.data} /> : <Skeleton active />}
      </Drawer>
    </div>
  );
}
