import { PagePlaceholder } from '../../../components/PagePlaceholder';

export default function ProvideBookPage() {
  return <PagePlaceholder title="教材发放" />;
}
