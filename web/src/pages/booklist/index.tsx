import { PagePlaceholder } from '../../components/PagePlaceholder';

export default function BooklistPage() {
  return <PagePlaceholder title="书单" />;
}
