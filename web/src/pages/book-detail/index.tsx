import { PagePlaceholder } from '../../components/PagePlaceholder';

export default function BookDetailPage() {
  return <PagePlaceholder title="教材详情" />;
}
