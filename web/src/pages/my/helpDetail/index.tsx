import { PagePlaceholder } from '../../../components/PagePlaceholder';

export default function HelpDetailPage() {
  return <PagePlaceholder title="帮助详情" />;
}
