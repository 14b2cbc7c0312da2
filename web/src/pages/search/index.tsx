import { PagePlaceholder } from '../../components/PagePlaceholder';

export default function SearchPage() {
  return <PagePlaceholder title="高级搜索" />;
}
