import { PagePlaceholder } from '../../../components/PagePlaceholder';

export default function QuestionBankPage() {
  return <PagePlaceholder title="我的题库" />;
}
