import { Button, Result, Spin } from 'antd';
import { Link } from 'react-router';
import { bookHref, ReaderMsg } from '@textbook/contracts';
import { SwitchCollege } from '../../components/BookSwitch/SwitchCollege';
import { openLogin } from '../../components/LoginDialog/store';
import type { ChapterState } from './Continuous';

/**
 * What the reader shows instead of a chapter: loading, or why it cannot be read and what to do (icon, title, text
 * and button stacked, centred; the wrapper, not the Result, is the flex box).
 */
export function RefusalState({
  state,
  bookId,
  canAskSample,
}: {
  state: ChapterState;
  bookId: number;
  /** The member may ask for a sample of this book (a teacher): only then is a sample named as a way in. */
  canAskSample: boolean;
}) {
  switch (state.status) {
    case 'loading':
      return (
        <div className="reader-state reader-center">
          <Spin />
        </div>
      );
    case 'login':
      return (
        <div className="reader-state">
          <Result
            status="info"
            title="登录后继续阅读"
            subTitle="本章节需登录并获得阅读权限后阅读；试读章节可直接阅读。"
            extra={
              <Button type="primary" onClick={() => openLogin('login')} data-testid="reader-login">
                登录
              </Button>
            }
          />
        </div>
      );
    case 'switch':
      return (
        <div className="reader-state">
          <SwitchCollege
            collegeId={state.collegeId}
            collegeName={state.collegeName}
            onSwitched={() => window.location.reload()}
          />
        </div>
      );
    case 'missing':
      return (
        <div className="reader-state">
          <Result status="404" title="页面找不到了~" />
        </div>
      );
    case 'denied':
      return (
        <div className="reader-state">
          <Result
            status="403"
            title="暂无阅读权限"
            subTitle={canAskSample ? ReaderMsg.DENIED_WAYS_WITH_SAMPLE : ReaderMsg.DENIED_WAYS}
            extra={
              <Link to={bookHref(bookId)}>
                <Button type="primary">查看教材详情</Button>
              </Link>
            }
          />
        </div>
      );
    default:
      return null;
  }
}
