import { Modal } from 'antd';
import { ReaderLinkText } from '@textbook/contracts';

/** A link of the book that leaves it (web or mail): what the reader is asked to open. */
export function ExternalLinkConsent(props: { href: string | null; onClose(): void }) {
  const { href } = props;
  const mail = href?.toLowerCase().startsWith('mailto:') ?? false;
  const open = () => {
    if (!href) return;
    // Mail opens the mail application in place; the web a new window.
    window.open(href, mail ? '_self' : '_blank', 'noopener,noreferrer');
    props.onClose();
  };
  return (
    <Modal
      open={Boolean(href)}
      title={ReaderLinkText.EXTERNAL_TITLE}
      okText={ReaderLinkText.EXTERNAL_OK}
      cancelText={ReaderLinkText.EXTERNAL_CANCEL}
      onOk={open}
      onCancel={props.onClose}
      modalRender={(node) => <div data-testid="external-link-consent">{node}</div>}
    >
      {href
        ? mail
          ? ReaderLinkText.EXTERNAL_MAIL(decodeURIComponent(href.slice(7)))
          : ReaderLinkText.EXTERNAL_WEB(href)
        : null}
    </Modal>
  );
}

/** A footnote of the book (the target of an epub:type="noteref" link), shown over the page. */
export function FootnotePopup(props: { text: string | null; onClose(): void }) {
  return (
    <Modal
      open={props.text !== null}
      title={ReaderLinkText.FOOTNOTE_TITLE}
      footer={null}
      onCancel={props.onClose}
      modalRender={(node) => <div data-testid="footnote-popup">{node}</div>}
    >
      <p className="reader-footnote">{props.text}</p>
    </Modal>
  );
}
