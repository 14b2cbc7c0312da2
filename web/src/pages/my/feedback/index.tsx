import { Alert, Button, Input, Pagination, Tabs, type UploadFile } from 'antd';
import { formatDateTime, SiteLimits, SiteMsg, type FeedbackItem } from '@textbook/contracts';
import { useState } from 'react';
import { uploadImage, useAddFeedback, useFeedbackPage } from '../../../api/help';
import '../../../components/Content/content.css';
import { Loading } from '../../../components/Content/states';
import { EmptyState } from '../../../components/Empty/EmptyState';
import { ImageCards } from '../../../kit/ImageUpload';

function FeedbackForm() {
  const [status, setStatus] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const [content, setContent] = useState('');
  const [contact, setContact] = useState('');
  const [files, setFiles] = useState<UploadFile[]>([]);
  const add = useAddFeedback();
  const uploading = files.some((f) => f.status === 'uploading');

  const submit = () => {
    if (!content.trim()) return setStatus({ type: 'error', text: SiteMsg.FEEDBACK_REQUIRED });
    setStatus(null);
    const images = files.filter((f) => f.status === 'done' && f.url).map((f) => f.url!);
    add.mutate(
      { content: content.trim(), contact: contact.trim() || undefined, images },
      {
        onSuccess: () => {
          setStatus({ type: 'success', text: '提交成功，感谢您的反馈' });
          setContent('');
          setContact('');
          setFiles([]);
        },
      },
    );
  };

  return (
    <div className="feedback-form" data-testid="feedback-form">
      <Input.TextArea
        aria-label="反馈内容"
        placeholder="请描述您遇到的问题或建议"
        value={content}
        onChange={(e) => setContent(e.target.value)}
        maxLength={SiteLimits.FEEDBACK_MAX}
        showCount
        autoSize={{ minRows: 4, maxRows: 8 }}
      />
      <div style={{ margin: '20px 0 8px', color: 'var(--muted)' }}>
        截图（选填，最多 {SiteLimits.FEEDBACK_IMAGES_MAX} 张）
      </div>
      <ImageCards
        files={files}
        setFiles={setFiles}
        max={SiteLimits.FEEDBACK_IMAGES_MAX}
        upload={uploadImage}
        onError={(text) => setStatus({ type: 'error', text })}
      />
      <Input
        aria-label="联系方式"
        placeholder="联系方式（选填，手机号或邮箱）"
        value={contact}
        maxLength={SiteLimits.CONTACT_MAX}
        onChange={(e) => setContact(e.target.value)}
        style={{ margin: '12px 0 16px', maxWidth: 360 }}
      />
      {status && <Alert type={status.type} title={status.text} showIcon style={{ marginBottom: 12 }} role="status" />}
      <div>
        <Button type="primary" onClick={submit} loading={add.isPending} disabled={uploading}>
          提交反馈
        </Button>
      </div>
    </div>
  );
}

function FeedbackList({ kind }: { kind: 'general' | 'error' }) {
  const [pageNum, setPageNum] = useState(1);
  const { data, isPending } = useFeedbackPage(kind, pageNum);
  if (isPending) return <Loading />;
  const rows = data?.rows ?? [];
  if (rows.length === 0) return <EmptyState />;
  return (
    <div data-testid={`feedback-list-${kind}`}>
      {rows.map((f: FeedbackItem) => (
        <div className="feedback-item" key={f.id} data-testid="feedback-item">
          {f.bookName && (
            <div className="content-meta" style={{ marginBottom: 4 }}>
              《{f.bookName}》{f.chapterName ? ` · ${f.chapterName}` : ''}
            </div>
          )}
          {f.quote && <blockquote className="feedback-quote">{f.quote}</blockquote>}
          <div>{f.content}</div>
          {f.images.length > 0 && (
            <div className="feedback-images">
              {f.images.map((src) => (
                <a key={src} href={src} target="_blank" rel="noreferrer">
                  <img src={src} alt="反馈截图" />
                </a>
              ))}
            </div>
          )}
          <div className="notice-foot">
            <span>{formatDateTime(f.createTime)}</span>
            <span>{f.replyTime ? '已回复' : '待回复'}</span>
          </div>
          {f.reply && (
            <div className="feedback-reply" data-testid="feedback-reply">
              <strong>平台回复：</strong>
              {f.reply}
            </div>
          )}
        </div>
      ))}
      {(data?.total ?? 0) > 10 && (
        <div className="content-pager">
          <Pagination current={pageNum} total={data?.total} showSizeChanger={false} onChange={setPageNum} />
        </div>
      )}
    </div>
  );
}

/** Feedback (personal centre): send text, screenshots and contact; see your feedback and error reports with replies. */
export default function FeedbackPage() {
  return (
    <div className="page-section">
      <section className="content-card">
        <h1 className="content-title">意见反馈</h1>
        <FeedbackForm />
      </section>
      <section className="content-card" style={{ marginTop: 24 }}>
        <Tabs
          items={[
            { key: 'general', label: '我的反馈', children: <FeedbackList kind="general" /> },
            { key: 'error', label: '纠错反馈', children: <FeedbackList kind="error" /> },
          ]}
        />
      </section>
    </div>
  );
}
