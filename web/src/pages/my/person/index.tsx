import { PagePlaceholder } from '../../../components/PagePlaceholder';

export default function PersonPage() {
  return <PagePlaceholder title="个人资料与安全" />;
}
