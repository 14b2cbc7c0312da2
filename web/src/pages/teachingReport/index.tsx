import { PagePlaceholder } from '../../components/PagePlaceholder';

export default function TeachingReportPage() {
  return <PagePlaceholder title="教学报告" />;
}
