import { PagePlaceholder } from '../../components/PagePlaceholder';

export default function PublisherPage() {
  return <PagePlaceholder title="出版社" />;
}
