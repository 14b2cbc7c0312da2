import { useMemo } from 'react';
import { Card, Empty, Progress, Table, Typography } from 'antd';
import type { BookFigure, StudyReport } from '@textbook/contracts';
import { Chart } from './Chart';
import { Figures } from './Figures';
import { minutes } from './Toolbar';
import './reports.css';

/** Reading minutes per day as a calendar heat map over the report's range. */
function HeatMap({ report }: { report: StudyReport }) {
  const option = useMemo(() => {
    const max = Math.max(10, ...report.daily.map((d) => minutes(d.seconds)));
    return {
      tooltip: { formatter: (p: { value: [string, number] }) => `${p.value[0]}：${p.value[1]} 分钟` },
      visualMap: {
        min: 0,
        max,
        show: false,
        inRange: { color: ['#ebedf0', '#9be9a8', '#40c463', '#30a14e', '#216e39'] },
      },
      calendar: {
        range: [report.start, report.end],
        cellSize: ['auto', 14],
        top: 24,
        left: 28,
        right: 8,
        dayLabel: { firstDay: 1, nameMap: 'ZH', fontSize: 10 },
        monthLabel: { nameMap: 'ZH', fontSize: 10 },
        yearLabel: { show: false },
        itemStyle: { borderColor: '#fff', borderWidth: 2 },
        splitLine: { show: false },
      },
      series: [
        { type: 'heatmap', coordinateSystem: 'calendar', data: report.daily.map((d) => [d.day, minutes(d.seconds)]) },
      ],
    };
  }, [report]);
  return <Chart option={option} height={150} label="每日阅读时长日历热力图" />;
}

function BookCard({ book }: { book: BookFigure }) {
  return (
    <Card size="small" title={book.title} extra={<span>{minutes(book.seconds)} 分钟</span>}>
      <Progress percent={Math.round(book.progress * 100)} aria-label={`${book.title}阅读进度`} />
      <Table
        size="small"
        rowKey="path"
        pagination={false}
        dataSource={book.chapters}
        scroll={{ x: 480 }}
        columns={[
          { title: '章节', dataIndex: 'title', ellipsis: true },
          {
            title: '进度',
            dataIndex: 'read',
            width: 140,
            render: (v: number) => <Progress percent={Math.round(v * 100)} size="small" />,
          },
          { title: '时长（分钟）', dataIndex: 'seconds', width: 100, render: (v: number) => minutes(v) },
          { title: '笔记', dataIndex: 'notes', width: 60 },
          { title: '划线', dataIndex: 'highlights', width: 60 },
        ]}
      />
    </Card>
  );
}

/** A study report: key figures, the calendar heat map, each book with its chapters, homework scores. */
export function StudyReportView({ report }: { report: StudyReport }) {
  const homework = useMemo(
    () =>
      report.homework?.length
        ? {
            tooltip: { trigger: 'axis' },
            grid: { left: 40, right: 16, top: 24, bottom: 40 },
            xAxis: { type: 'category', data: report.homework.map((h) => h.title) },
            yAxis: { type: 'value' },
            series: [{ type: 'line', name: '得分', data: report.homework.map((h) => h.score) }],
          }
        : null,
    [report],
  );
  return (
    <div className="report-page" data-testid="study-report">
      <Typography.Text type="secondary">
        统计范围：{report.start} 至 {report.end} · {report.term.name}
      </Typography.Text>
      <Figures
        items={[
          { label: '阅读时长', value: minutes(report.seconds), suffix: '分钟' },
          { label: '阅读天数', value: report.days, suffix: '天' },
          { label: '本学期阅读天数', value: report.term.days, suffix: '天' },
          { label: '在读教材', value: report.books.length, suffix: '本' },
          { label: '笔记', value: report.notes },
          { label: '划线', value: report.highlights },
        ]}
      />
      <Card size="small" title="每日阅读">
        <HeatMap report={report} />
      </Card>
      {report.books.length === 0 ? (
        <Empty description="还没有阅读记录，打开书架上的教材开始阅读吧" />
      ) : (
        report.books.map((b) => <BookCard key={b.bookId} book={b} />)
      )}
      {homework && (
        <Card size="small" title="作业得分">
          <Chart option={homework} label="作业得分变化" />
        </Card>
      )}
    </div>
  );
}
