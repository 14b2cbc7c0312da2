import { useEffect, useState } from 'react';
import { App, Button, Input, Modal, Space, Tooltip } from 'antd';
import {
  BoldOutlined,
  FunctionOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  PictureOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { uploadImage } from '../../../api/help';
import { MathHtml } from './MathHtml';
import { ImagePick } from '../../../kit/ImageUpload';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An empty editor's HTML counts as nothing. */
export const isBlankHtml = (html: string | undefined) => !html || html === '<p></p>';

interface Props {
  value?: string;
  onChange?: (html: string) => void;
  /** The accessible name of the writing area. */
  label: string;
  placeholder?: string;
  /** A smaller editor (options). */
  compact?: boolean;
}

/**
 * The bank's rich-text editor (tiptap: paragraphs, bold, italic, underline, lists, images uploaded through
 * `/api/site/image/upload`) with a formula button that inserts LaTeX between `$…$`, and a KaTeX preview of
 * the text whenever it holds a formula. The server sanitizes whatever arrives.
 */
export function RichEditor({ value, onChange, label, placeholder, compact }: Props) {
  const { message } = App.useApp();
  const [formula, setFormula] = useState<string | null>(null);
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: false, codeBlock: false, horizontalRule: false }), Image],
    content: value ?? '',
    editorProps: {
      attributes: {
        'aria-label': label,
        role: 'textbox',
        'aria-multiline': 'true',
        class: `qb-editor-input${compact ? ' compact' : ''}`,
        ...(placeholder ? { 'data-placeholder': placeholder } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange?.(isBlankHtml(e.getHTML()) ? '' : e.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
    }),
  });

  // A value set from outside (another question opened) replaces the text.
  useEffect(() => {
    if (!editor) return;
    const now = isBlankHtml(editor.getHTML()) ? '' : editor.getHTML();
    if ((value ?? '') !== now) editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  const tool = (title: string, icon: React.ReactNode, on: boolean, run: () => void) => (
    <Tooltip title={title}>
      <Button
        size="small"
        type={on ? 'primary' : 'text'}
        icon={icon}
        aria-label={title}
        aria-pressed={on}
        onMouseDown={(e) => e.preventDefault()}
        onClick={run}
      />
    </Tooltip>
  );
  const chain = () => editor!.chain().focus();

  return (
    <div className="qb-editor">
      <Space size={2} className="qb-editor-tools" wrap>
        {tool('加粗', <BoldOutlined />, active?.bold ?? false, () => chain().toggleBold().run())}
        {tool('斜体', <ItalicOutlined />, active?.italic ?? false, () => chain().toggleItalic().run())}
        {tool('下划线', <UnderlineOutlined />, active?.underline ?? false, () => chain().toggleUnderline().run())}
        {!compact &&
          tool('项目列表', <UnorderedListOutlined />, active?.bullet ?? false, () => chain().toggleBulletList().run())}
        {!compact &&
          tool('编号列表', <OrderedListOutlined />, active?.ordered ?? false, () => chain().toggleOrderedList().run())}
        <ImagePick
          onPick={(file) => {
            uploadImage(file)
              .then((src) => chain().setImage({ src, alt: file.name }).run())
              .catch(() => message.error('图片上传失败'));
          }}
        >
          <Tooltip title="插入图片">
            <Button size="small" type="text" icon={<PictureOutlined />} aria-label="插入图片" />
          </Tooltip>
        </ImagePick>
        {tool('插入公式', <FunctionOutlined />, false, () => setFormula(''))}
      </Space>
      <EditorContent editor={editor} />
      {value?.includes('$') && (
        <div className="qb-editor-preview" aria-label="公式预览">
          <span className="qb-editor-preview-label">预览</span>
          <MathHtml html={value} />
        </div>
      )}
      <Modal
        title="插入公式（LaTeX）"
        open={formula !== null}
        okText="插入"
        cancelText="取消"
        destroyOnHidden
        onCancel={() => setFormula(null)}
        onOk={() => {
          if (formula?.trim())
            chain()
              .insertContent({ type: 'text', text: `$${formula.trim()}$` })
              .run();
          setFormula(null);
        }}
      >
        <Input.TextArea
          autoFocus
          rows={3}
          value={formula ?? ''}
          aria-label="LaTeX 公式"
          placeholder="例如 \frac{a}{b} 或 x^2+y^2=1"
          onChange={(e) => setFormula(e.target.value)}
        />
        {formula?.trim() && (
          <div className="qb-editor-preview">
            <MathHtml html={`$$${escapeHtml(formula.trim())}$$`} />
          </div>
        )}
      </Modal>
    </div>
  );
}
