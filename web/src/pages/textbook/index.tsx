import { PagePlaceholder } from '../../components/PagePlaceholder';

export default function TextbookPage() {
  return <PagePlaceholder title="教材" />;
}
