import { PagePlaceholder } from '../../components/PagePlaceholder';

export default function ResearchersPage() {
  return <PagePlaceholder title="研究者" />;
}
