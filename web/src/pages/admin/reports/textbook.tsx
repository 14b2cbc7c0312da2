import { TextbookReportView } from '../../../components/Reports/TextbookReportView';

/** The console's 教材报告: a book's use across every college and class, through the staff's report route. */
export default function AdminTextbookReport() {
  return (
    <div className="admin-panel">
      <TextbookReportView staff />
    </div>
  );
}
