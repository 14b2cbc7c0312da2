import { PagePlaceholder } from '../../components/PagePlaceholder';

export default function DownloadPage() {
  return <PagePlaceholder title="客户端下载" />;
}
