import { PagePlaceholder } from '../../../components/PagePlaceholder';

export default function AuthDetailsPage() {
  return <PagePlaceholder title="授权详情" />;
}
