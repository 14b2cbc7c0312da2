import { PagePlaceholder } from '../../components/PagePlaceholder';

export default function ListPage() {
  return <PagePlaceholder title="我的书架" />;
}
