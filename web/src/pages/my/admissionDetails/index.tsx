import { PagePlaceholder } from '../../../components/PagePlaceholder';

export default function AdmissionDetailsPage() {
  return <PagePlaceholder title="班级学生" />;
}
