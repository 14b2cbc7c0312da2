import { PagePlaceholder } from '../../components/PagePlaceholder';

export default function LibrarianPage() {
  return <PagePlaceholder title="图书馆员" />;
}
