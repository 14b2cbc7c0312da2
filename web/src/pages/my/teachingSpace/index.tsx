import { PagePlaceholder } from '../../../components/PagePlaceholder';

export default function TeachingSpacePage() {
  return <PagePlaceholder title="教学空间" />;
}
