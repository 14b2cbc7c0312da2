import { PagePlaceholder } from '../../../components/PagePlaceholder';

export default function StudyReportPage() {
  return <PagePlaceholder title="学习报告" />;
}
