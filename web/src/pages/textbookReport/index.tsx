import { TextbookReportView } from '../../components/Reports/TextbookReportView';
import { hasSession, hasStaffSession } from '../../stores/token';

/**
 * /textbookReport (no footer): the college administrator's textbook report (the personal centre's 教材报告). A
 * browser with only a staff session sees every college's, as the console's 教材报告 page shows it.
 */
export default function TextbookReportPage() {
  const staff = !hasSession() && hasStaffSession();
  return (
    <div className="page-section" style={{ maxWidth: 1200, margin: '0 auto', padding: '16px 12px' }}>
      <TextbookReportView staff={staff} />
    </div>
  );
}
