import { Button, Result } from 'antd';
import { Link, useSearchParams } from 'react-router';

/** The reader (bookId, chapterId). The reading experience comes with the reader issue. */
export default function BookPreviewPage() {
  const [params] = useSearchParams();
  const bookId = params.get('bookId');
  return (
    <Result
      status="info"
      title="阅读器即将上线"
      subTitle={bookId ? `教材 ${bookId} 的在线阅读正在建设中。` : '在线阅读正在建设中。'}
      extra={
        <Link to="/list">
          <Button type="primary">返回书架</Button>
        </Link>
      }
    />
  );
}
