import { PagePlaceholder } from '../../components/PagePlaceholder';

export default function SearchResultDetailPage() {
  return <PagePlaceholder title="书内搜索" />;
}
