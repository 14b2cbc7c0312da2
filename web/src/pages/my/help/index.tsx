import { PagePlaceholder } from '../../../components/PagePlaceholder';

export default function HelpPage() {
  return <PagePlaceholder title="帮助中心" />;
}
