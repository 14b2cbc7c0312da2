import { PagePlaceholder } from '../../components/PagePlaceholder';

export default function FaqPage() {
  return <PagePlaceholder title="常见问题" />;
}
