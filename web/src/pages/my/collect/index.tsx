import { PagePlaceholder } from '../../../components/PagePlaceholder';

export default function CollectPage() {
  return <PagePlaceholder title="我的收藏" />;
}
