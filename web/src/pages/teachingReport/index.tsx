import { useMemo, useState } from 'react';
import { Card, Empty, Segmented, Skeleton, Table, Typography } from 'antd';
import type { ClassSummary } from '@textbook/contracts';
import { useClassReport, useTeachingReport, type Range } from '../../api/reports';
import { Chart } from '../../components/Reports/Chart';
import { ClassReportView } from '../../components/Reports/ClassReportView';
import { ExportButtons, minutes, percent, RangeFilter } from '../../components/Reports/Toolbar';
import '../../components/Reports/reports.css';

/** The teacher's classes side by side: average progress, minutes and days per student. */
function Comparison({ classes }: { classes: ClassSummary[] }) {
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 16, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: classes.map((c) => c.className) },
      yAxis: { type: 'value' },
      series: [
        { type: 'bar', name: '平均进度（%）', data: classes.map((c) => Math.round(c.avgProgress * 100)) },
        { type: 'bar', name: '人均时长（分钟）', data: classes.map((c) => c.avgMinutes) },
        { type: 'bar', name: '人均阅读天数', data: classes.map((c) => c.avgDays) },
      ],
    }),
    [classes],
  );
  return <Chart option={option} label="班级对比" />;
}

/** /teachingReport (no footer): the teacher's classes side by side, then one class's report. */
export default function TeachingReportPage() {
  const [range, setRange] = useState<Range>({});
  const teaching = useTeachingReport(range);
  const classes = teaching.data?.classes ?? [];
  const [picked, setPicked] = useState<number | undefined>();
  const classId = picked ?? classes[0]?.classId;
  const report = useClassReport(classId, range);
  return (
    <div className="page-section report-page" style={{ maxWidth: 1200, margin: '0 auto', padding: '16px 12px' }}>
      <div className="report-head">
        <Typography.Title level={3}>教学报告</Typography.Title>
        <RangeFilter value={range} onChange={setRange} />
      </div>
      {!teaching.data ? (
        <Skeleton active />
      ) : classes.length === 0 ? (
        <Empty description="暂无班级" />
      ) : (
        <>
          <Card
            size="small"
            title="班级对比"
            extra={<ExportButtons url="/api/classReport/teachingExport" params={{ ...range }} />}
          >
            <Comparison classes={classes} />
            <Table<ClassSummary>
              rowKey="classId"
              size="small"
              pagination={false}
              dataSource={classes}
              scroll={{ x: 720 }}
              onRow={(c) => ({ onClick: () => setPicked(c.classId), style: { cursor: 'pointer' } })}
              columns={[
                { title: '班级', dataIndex: 'className', fixed: 'left', width: 110 },
                { title: '教材', dataIndex: 'bookName', ellipsis: true },
                { title: '学生数', dataIndex: 'students', width: 70 },
                { title: '已打开', dataIndex: 'opened', width: 70 },
                { title: '平均进度', dataIndex: 'avgProgress', width: 90, render: (v: number) => percent(v) },
                { title: '人均时长（分钟）', dataIndex: 'avgMinutes', width: 120 },
                { title: '人均阅读天数', dataIndex: 'avgDays', width: 110 },
                { title: '时长（分钟）', dataIndex: 'seconds', width: 100, render: (v: number) => minutes(v) },
              ]}
            />
          </Card>
          <Segmented
            aria-label="选择班级"
            options={classes.map((c) => ({ label: c.className, value: c.classId }))}
            value={classId}
            onChange={(v) => setPicked(Number(v))}
            style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
          />
          {report.data ? <ClassReportView report={report.data} range={range} /> : <Skeleton active />}
        </>
      )}
    </div>
  );
}
