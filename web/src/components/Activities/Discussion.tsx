import { useState } from 'react';
import { Alert, App, Button, Input, Tag, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { ActivityLimits, formatDateTime, type ActivityLive } from '@textbook/contracts';
import { useTakePart } from '../../api/activities';
import { ApiError } from '../../api';

/** A discussion's replies (plain text), with the teacher's remove button. */
export function Replies({
  live,
  canDelete,
  onDelete,
}: {
  live: Pick<ActivityLive, 'replies'>;
  canDelete: boolean;
  onDelete?: (id: number) => void;
}) {
  if (live.replies.length === 0) {
    return (
      <Typography.Text type="secondary" data-testid="replies">
        还没有回复
      </Typography.Text>
    );
  }
  return (
    <ul className="plain-list reply-list" data-testid="replies">
      {live.replies.map((r) => (
        <li key={r.id}>
          <div className="reply">
            <div className="reply-head">
              <strong>{r.name}</strong>
              {r.teacher && <Tag color="blue">教师</Tag>}
              <Typography.Text type="secondary">{formatDateTime(r.at)}</Typography.Text>
            </div>
            <div className="reply-text">{r.content}</div>
          </div>
          {canDelete && onDelete && (
            <Button
              type="text"
              danger
              size="small"
              icon={<DeleteOutlined />}
              aria-label={`删除${r.name}的回复`}
              onClick={() => onDelete(r.id)}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

/** The reply box of an open discussion (its teacher and students). */
export function ReplyBox({ id }: { id: number }) {
  const { message } = App.useApp();
  const take = useTakePart();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  // A refusal (the content check's 因内容审核不通过…) stays beside the text, which is kept to be changed.
  const [refusal, setRefusal] = useState('');
  const send = async () => {
    if (!text.trim()) return;
    setSending(true);
    setRefusal('');
    try {
      await take.reply({ id, content: text });
      setText('');
      message.success('已回复');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setRefusal(error.message);
    } finally {
      setSending(false);
    }
  };
  return (
    <>
      {refusal && <Alert type="error" showIcon title={refusal} data-testid="reply-refusal" className="reply-refusal" />}
      <div className="reply-box">
        <Input.TextArea
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={2}
          maxLength={ActivityLimits.REPLY_MAX}
          placeholder="写下你的回复"
          aria-label="回复内容"
        />
        {/* Named outright: antd's loading icon (an img named "loading") can stay in the button after its motion. */}
        <Button
          type="primary"
          loading={sending}
          aria-busy={sending}
          aria-label="发送"
          disabled={!text.trim()}
          onClick={() => void send()}
        >
          发送
        </Button>
      </div>
    </>
  );
}
