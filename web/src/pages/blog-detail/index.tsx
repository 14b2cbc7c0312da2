import { PagePlaceholder } from '../../components/PagePlaceholder';

export default function BlogDetailPage() {
  return <PagePlaceholder title="资讯" />;
}
