import { PagePlaceholder } from '../../components/PagePlaceholder';

export default function BooklistdetailPage() {
  return <PagePlaceholder title="书单详情" />;
}
