import { Button, Result } from 'antd';
import { Msg } from '@textbook/contracts';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFound } from '../components/Empty/NotFound';
import { isChunkLoadError } from './chunkErrors';

/** What a failed route shows: the not-found page, or a kind error with a reload button. */
export default function RouteErrorView() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <Result
      status="error"
      title="页面加载失败"
      subTitle={isChunkLoadError(error) ? '网络不稳定，页面资源未能加载。' : Msg.UNKNOWN}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          重新加载
        </Button>
      }
    />
  );
}
