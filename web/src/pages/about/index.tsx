import { PagePlaceholder } from '../../components/PagePlaceholder';

export default function AboutPage() {
  return <PagePlaceholder title="关于我们" />;
}
