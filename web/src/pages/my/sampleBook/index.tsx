import { PagePlaceholder } from '../../../components/PagePlaceholder';

export default function SampleBookPage() {
  return <PagePlaceholder title="样书申请" />;
}
