import { PagePlaceholder } from '../../../components/PagePlaceholder';

export default function JoinClassPage() {
  return <PagePlaceholder title="已加入班级" />;
}
