import { PagePlaceholder } from '../../components/PagePlaceholder';

export default function TextbookReportPage() {
  return <PagePlaceholder title="教材报告" />;
}
