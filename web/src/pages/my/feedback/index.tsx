import { PagePlaceholder } from '../../../components/PagePlaceholder';

export default function FeedbackPage() {
  return <PagePlaceholder title="意见反馈" />;
}
