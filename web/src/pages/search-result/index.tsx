import { PagePlaceholder } from '../../components/PagePlaceholder';

export default function SearchResultPage() {
  return <PagePlaceholder title="搜索结果" />;
}
