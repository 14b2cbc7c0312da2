import { useState } from 'react';
import { Button, Modal, Progress, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { adminKeys, importJobOf, uploadEpub } from '../../../api/admin';
import { BOOK_LIST } from './shared';

interface Item {
  key: string;
  name: string;
  /** Upload then import progress, 0–100 each. */
  upload: number;
  importing: number;
  state: 'uploading' | 'importing' | 'done' | 'failed';
  message: string;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Uploads one or many books (EPUB or PDF): each file has its own bar (upload, then the importer's job progress, polled) and
 * ends imported, or refused with the importer's message.
 */
export function EpubUpload({
  onImported,
  bookId,
  label = '上传 EPUB / PDF',
}: {
  onImported?: () => void;
  /** Each file is a new edition of this book. */
  bookId?: number;
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<Item[]>([]);
  const client = useQueryClient();

  const update = (key: string, change: Partial<Item>) =>
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));

  const run = async (file: File, key: string) => {
    try {
      const { jobId } = await uploadEpub(file, (upload) => update(key, { upload }), bookId);
      update(key, { upload: 100, state: 'importing' });
      for (;;) {
        const job = await importJobOf(jobId);
        update(key, { importing: job.progress });
        if (job.status === 'done') {
          update(key, { state: 'done', importing: 100, message: job.message || '导入成功' });
          break;
        }
        if (job.status === 'failed') {
          update(key, { state: 'failed', message: job.message });
          break;
        }
        await wait(500);
      }
    } catch (e) {
      update(key, { state: 'failed', message: (e as Error).message });
    }
    void client.invalidateQueries({ queryKey: adminKeys.list(BOOK_LIST) });
    onImported?.();
  };

  return (
    <>
      <Button type="primary" icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal title={label} open={open} onCancel={() => setOpen(false)} footer={null} width={560}>
        <Upload.Dragger
          multiple={!bookId}
          accept=".epub,application/epub+zip,.pdf,application/pdf"
          showUploadList={false}
          beforeUpload={(file) => {
            const key = `${file.uid}`;
            setItems((list) => [
              ...list,
              { key, name: file.name, upload: 0, importing: 0, state: 'uploading', message: '' },
            ]);
            void run(file, key);
            return false;
          }}
          data-testid="epub-upload"
        >
          <p className="ant-upload-drag-icon">
            <UploadOutlined />
          </p>
          <p>{bookId ? '点击或拖入这本书新版本的 EPUB 或 PDF 文件' : '点击或拖入 EPUB 或 PDF 文件（可多选）'}</p>
        </Upload.Dragger>
        <div className="admin-upload-list" data-testid="upload-list">
          {items.map((i) => (
            <div key={i.key} className="admin-upload-item" data-testid="upload-item" data-state={i.state}>
              <div className="admin-upload-name">
                <span>{i.name}</span>
                <Typography.Text type={i.state === 'failed' ? 'danger' : i.state === 'done' ? 'success' : 'secondary'}>
                  {i.state === 'uploading'
                    ? '上传中'
                    : i.state === 'importing'
                      ? '导入中'
                      : i.state === 'done'
                        ? '已导入'
                        : '未导入'}
                </Typography.Text>
              </div>
              <Progress
                percent={i.state === 'uploading' ? Math.round(i.upload / 2) : 50 + Math.round(i.importing / 2)}
                status={i.state === 'failed' ? 'exception' : i.state === 'done' ? 'success' : 'active'}
                size="small"
              />
              {i.message && (
                <Typography.Text type={i.state === 'failed' ? 'danger' : 'secondary'} data-testid="upload-message">
                  {i.message}
                </Typography.Text>
              )}
            </div>
          ))}
        </div>
      </Modal>
    </>
  );
}
