import { PagePlaceholder } from '../../../components/PagePlaceholder';

export default function RecordPage() {
  return <PagePlaceholder title="购买记录" />;
}
