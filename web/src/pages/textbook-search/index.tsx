import { PagePlaceholder } from '../../components/PagePlaceholder';

export default function TextbookSearchPage() {
  return <PagePlaceholder title="教材搜索" />;
}
