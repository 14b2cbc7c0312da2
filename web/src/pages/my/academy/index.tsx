import { PagePlaceholder } from '../../../components/PagePlaceholder';

export default function AcademyPage() {
  return <PagePlaceholder title="院校信息" />;
}
