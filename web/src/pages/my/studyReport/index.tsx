import { useState } from 'react';
import { Skeleton, Typography } from 'antd';
import { useMyReport, type Range } from '../../../api/reports';
import { StudyReportView } from '../../../components/Reports/StudyReportView';
import { ExportButtons, RangeFilter } from '../../../components/Reports/Toolbar';

/** /my/studyReport: the member's own study report (reading time, books and chapters, notes), with exports. */
export default function StudyReportPage() {
  const [range, setRange] = useState<Range>({});
  const report = useMyReport(range);
  return (
    <div className="page-section report-page">
      <div className="report-head">
        <Typography.Title level={3}>学习报告</Typography.Title>
        <RangeFilter value={range} onChange={setRange} />
      </div>
      <ExportButtons url="/api/myReport/export" params={{ ...range }} />
      {report.data ? <StudyReportView report={report.data} /> : <Skeleton active />}
    </div>
  );
}
