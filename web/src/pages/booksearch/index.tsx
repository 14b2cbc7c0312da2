import { PagePlaceholder } from '../../components/PagePlaceholder';

export default function BooksearchPage() {
  return <PagePlaceholder title="书单搜索" />;
}
