import { useState } from 'react';
import { App, Button, Checkbox, Form, Image, Input, InputNumber, TreeSelect } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { DictType, type AdminBookRow, BookLimits } from '@textbook/contracts';
import { adminKeys, adminPut, uploadCover } from '../../../api/admin';
import { FormModal } from '../components/FormModal';
import { treeOptions, useDict } from '../dict/tree';
import { BOOK_LIST } from './shared';
import { bookTitleRules } from '../rules';
import { ImagePick } from '../../../kit/ImageUpload';

interface EditValues {
  title: string;
  authors?: string;
  isbn?: string;
  publisher?: string;
  subjectId?: number | null;
  collectionId?: number | null;
  price?: number;
  description?: string;
  recommended?: boolean;
  sampleAutoApprove?: boolean;
}

/**
 * A new cover, sent at once (its own call): the preview is the chosen file itself, since an unpublished book's
 * files are read with a staff header an image cannot send.
 */
function CoverField({ book }: { book: AdminBookRow }) {
  const [preview, setPreview] = useState<string | undefined>(book.published ? book.cover || undefined : undefined);
  const [busy, setBusy] = useState(false);
  const { message } = App.useApp();
  const client = useQueryClient();
  return (
    <Form.Item label="封面" extra="JPG、PNG、GIF 或 WebP，不超过5MB；上传后立即生效">
      <div className="admin-cover-field">
        {preview ? (
          <Image
            src={preview}
            width={72}
            height={96}
            style={{ objectFit: 'cover' }}
            alt=""
            data-testid="cover-preview"
          />
        ) : (
          <div className="admin-cover-empty">
            <PictureOutlined />
          </div>
        )}
        <ImagePick
          onPick={(file) => {
            setBusy(true);
            uploadCover(book.id, file)
              .then(() => {
                setPreview(URL.createObjectURL(file));
                void message.success('封面已更新');
                void client.invalidateQueries({ queryKey: adminKeys.list(BOOK_LIST) });
              })
              .catch(() => undefined) // the client has shown the server's message
              .finally(() => setBusy(false));
          }}
        >
          <Button loading={busy} data-testid="cover-upload">
            上传封面
          </Button>
        </ImagePick>
      </div>
    </Form.Item>
  );
}

/** Every metadata field of a book; the cover is sent on its own as soon as it is chosen. */
export function EditBook({ book, onClose }: { book?: AdminBookRow; onClose: () => void }) {
  const subjects = useDict(DictType.SUBJECT).data ?? [];
  const collections = useDict(DictType.COLLECTION).data ?? [];
  return (
    <FormModal<EditValues>
      title={book ? `编辑《${book.title}》` : '编辑'}
      open={Boolean(book)}
      onClose={onClose}
      testId="book-edit-form"
      initialValues={
        book && {
          title: book.title,
          authors: book.authors,
          isbn: book.isbn,
          publisher: book.publisher,
          subjectId: book.subjectId,
          collectionId: book.collectionId,
          price: book.price,
          description: book.description,
          recommended: book.recommended,
          sampleAutoApprove: book.sampleAutoApprove,
        }
      }
      reload={[BOOK_LIST]}
      submit={(v) =>
        adminPut(`/api/admin/book/${book!.id}`, {
          title: v.title,
          authors: v.authors ?? '',
          isbn: v.isbn ?? '',
          publisher: v.publisher ?? '',
          subjectId: v.subjectId ?? null,
          collectionId: v.collectionId ?? null,
          price: Math.round((v.price ?? 0) * 100),
          description: v.description ?? '',
          recommended: Boolean(v.recommended),
          sampleAutoApprove: Boolean(v.sampleAutoApprove),
        })
      }
    >
      {book && <CoverField book={book} />}
      <Form.Item name="title" label="书名" rules={bookTitleRules}>
        <Input maxLength={BookLimits.TITLE_MAX} />
      </Form.Item>
      <Form.Item name="authors" label="作者">
        <Input maxLength={BookLimits.AUTHORS_MAX} />
      </Form.Item>
      <div className="admin-form-row">
        <Form.Item name="isbn" label="ISBN">
          <Input maxLength={BookLimits.ISBN_MAX} />
        </Form.Item>
        <Form.Item name="price" label="价格（元）">
          <InputNumber min={0} max={BookLimits.PRICE_MAX_FEN / 100} precision={2} style={{ width: '100%' }} />
        </Form.Item>
      </div>
      <Form.Item name="publisher" label="出版社">
        <Input maxLength={BookLimits.PUBLISHER_MAX} />
      </Form.Item>
      <div className="admin-form-row">
        <Form.Item name="subjectId" label="学科">
          <TreeSelect
            allowClear
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            treeData={treeOptions(subjects)}
            placeholder="选择学科"
            data-testid="subject-select"
          />
        </Form.Item>
        <Form.Item name="collectionId" label="丛书">
          <TreeSelect
            allowClear
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            treeData={treeOptions(collections)}
            placeholder="选择丛书"
          />
        </Form.Item>
      </div>
      <Form.Item name="description" label="简介">
        <Input.TextArea rows={3} maxLength={BookLimits.DESCRIPTION_MAX} />
      </Form.Item>
      <Form.Item name="recommended" valuePropName="checked" style={{ marginBottom: 4 }}>
        <Checkbox>推荐到首页</Checkbox>
      </Form.Item>
      <Form.Item name="sampleAutoApprove" valuePropName="checked">
        <Checkbox>样书申请自动通过</Checkbox>
      </Form.Item>
    </FormModal>
  );
}
