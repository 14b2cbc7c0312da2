import { useState } from 'react';
import { Button, Input, Modal } from 'antd';
import { Limits, ReaderMsg, type BookPage } from '@textbook/contracts';

interface Props {
  /** The print page on screen ('' before the book's first page). */
  label: string;
  find(input: string): BookPage | null;
  onGo(page: BookPage): void;
}

/** The footer's print page (第 12 页), which opens 跳转到页: a page is looked up by its label and opened. */
export function PageControl({ label, find, onGo }: Props) {
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const [problem, setProblem] = useState('');
  const go = () => {
    const wanted = input.trim();
    if (!wanted) return setProblem(ReaderMsg.PAGE_EMPTY);
    const page = find(wanted);
    if (!page) return setProblem(ReaderMsg.NO_SUCH_PAGE(wanted));
    setOpen(false);
    onGo(page);
  };
  return (
    <>
      <button
        type="button"
        className="reader-page"
        onClick={() => {
          setInput('');
          setProblem('');
          setOpen(true);
        }}
        // The name starts with what the button shows (WCAG 2.5.3: a voice user says what they see).
        aria-label={label ? `${ReaderMsg.PAGE_LABEL(label)}，${ReaderMsg.GO_TO_PAGE}` : ReaderMsg.GO_TO_PAGE}
        data-testid="page-label"
      >
        {label ? ReaderMsg.PAGE_LABEL(label) : ReaderMsg.GO_TO_PAGE}
      </button>
      <Modal
        title={ReaderMsg.GO_TO_PAGE}
        open={open}
        onCancel={() => setOpen(false)}
        footer={null}
        width={320}
        destroyOnHidden
      >
        <form
          className="reader-goto"
          onSubmit={(e) => {
            e.preventDefault();
            go();
          }}
        >
          <Input
            autoFocus
            value={input}
            onChange={(e) => {
              setInput(e.target.value);
              setProblem('');
            }}
            placeholder={ReaderMsg.GO_TO_PAGE_PLACEHOLDER}
            aria-label="页码"
            maxLength={Limits.PAGE_LABEL_MAX}
            status={problem ? 'error' : undefined}
            data-testid="goto-page-input"
          />
          <Button type="primary" htmlType="submit" data-testid="goto-page-submit">
            跳转
          </Button>
        </form>
        {problem ? (
          <p className="reader-goto-problem" role="alert" data-testid="goto-page-problem">
            {problem}
          </p>
        ) : null}
      </Modal>
    </>
  );
}
