import { Button, Result } from 'antd';
import { Msg } from '@textbook/contracts';
import { Link } from 'react-router';

export function NotFound() {
  return (
    <Result
      status="404"
      title={Msg.PAGE_NOT_FOUND}
      subTitle="您访问的页面不存在或已被移除。"
      extra={
        <Link to="/index">
          <Button type="primary">返回首页</Button>
        </Link>
      }
    />
  );
}
