import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { Upload, type UploadFile } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { SiteMsg } from '@textbook/contracts';

/** The pictures the site's image routes take (the server checks the type again). */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

interface ImageCardsProps {
  files: UploadFile[];
  setFiles: Dispatch<SetStateAction<UploadFile[]>>;
  /** How many pictures; the 上传 card goes when they are there. */
  max: number;
  /** Sends one picture, answering its address (shown on its card). */
  upload: (file: File) => Promise<string>;
  /** A refused picture: the server's message. */
  onError: (message: string) => void;
}

/** Pictures attached to a form (a feedback's screenshots, a certification's proof): cards, each uploaded when chosen. */
export function ImageCards({ files, setFiles, max, upload, onError }: ImageCardsProps) {
  return (
    <Upload
      listType="picture-card"
      accept={IMAGE_ACCEPT}
      fileList={files}
      maxCount={max}
      onChange={({ fileList }) => setFiles(fileList)}
      customRequest={({ file, onSuccess, onError: failed }) => {
        upload(file as File)
          .then((url) => {
            setFiles((list) =>
              list.map((f) => (f.uid === (file as UploadFile).uid ? { ...f, url, thumbUrl: url } : f)),
            );
            onSuccess?.({ url });
          })
          .catch((err: Error) => {
            onError(err.message || SiteMsg.IMAGE_REQUIRED);
            failed?.(err);
          });
      }}
    >
      {files.length < max && (
        <button type="button" className="upload-button">
          <PlusOutlined />
          <div>上传</div>
        </button>
      )}
    </Upload>
  );
}

/**
 * One picture chosen with a button (an avatar, a cover, a picture in a question): `onPick` gets the file and sends
 * it itself; nothing is listed under the button.
 */
export function ImagePick({ onPick, children }: { onPick: (file: File) => void; children: ReactNode }) {
  return (
    <Upload
      accept={IMAGE_ACCEPT}
      showUploadList={false}
      beforeUpload={(file) => {
        onPick(file);
        return false;
      }}
    >
      {children}
    </Upload>
  );
}
