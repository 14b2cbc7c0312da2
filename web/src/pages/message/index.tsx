import { PagePlaceholder } from '../../components/PagePlaceholder';

export default function MessagePage() {
  return <PagePlaceholder title="消息中心" />;
}
