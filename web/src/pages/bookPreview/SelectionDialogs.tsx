import { Input, Modal, Spin } from 'antd';
import { NOTE_MAX, SiteLimits, type TransResult } from '@textbook/contracts';
import type { SelectionInfo } from './ChapterView';

/** A dialog's text about a selection. */
export interface Draft {
  selection: SelectionInfo;
  text: string;
}
export interface Translation {
  text: string;
  result?: TransResult;
  failed?: string;
}

interface DraftProps {
  draft: Draft | null;
  /** null closes the dialog. */
  onChange(draft: Draft | null): void;
}

/** 添加笔记: a note's text on the selected words (saved as a yellow highlight). */
export function NoteDraftDialog({ draft, onChange, onSave }: DraftProps & { onSave(d: Draft): Promise<void> }) {
  return (
    <Modal
      title="添加笔记"
      open={Boolean(draft)}
      onCancel={() => onChange(null)}
      okText="保存"
      cancelText="取消"
      onOk={async () => {
        if (draft) await onSave(draft);
      }}
    >
      <blockquote className="draft-quote">{draft?.selection.quote}</blockquote>
      <Input.TextArea
        autoFocus
        rows={4}
        maxLength={NOTE_MAX}
        value={draft?.text}
        onChange={(e) => onChange(draft ? { ...draft, text: e.target.value } : draft)}
        placeholder="写下你的想法"
        data-testid="note-text"
      />
    </Modal>
  );
}

/** 纠错: an error report on the selected words. */
export function ErrataDialog({ draft, onChange, onSend }: DraftProps & { onSend(d: Draft): Promise<void> }) {
  return (
    <Modal
      title="纠错"
      open={Boolean(draft)}
      onCancel={() => onChange(null)}
      okText="提交"
      cancelText="取消"
      onOk={async () => {
        if (draft) await onSend(draft);
      }}
    >
      <blockquote className="draft-quote">{draft?.selection.quote}</blockquote>
      <Input.TextArea
        rows={4}
        maxLength={SiteLimits.FEEDBACK_MAX}
        value={draft?.text}
        onChange={(e) => onChange(draft ? { ...draft, text: e.target.value } : draft)}
        placeholder="请描述错误内容"
      />
    </Modal>
  );
}

/** 查词翻译: the dictionary's entries (or a sentence translation) of the selected words. */
export function TranslationDialog({ trans, onClose }: { trans: Translation | null; onClose(): void }) {
  return (
    <Modal title="查词翻译" open={Boolean(trans)} onCancel={onClose} footer={null}>
      <div data-testid="translation">
        <div className="trans-text">{trans?.text}</div>
        {trans?.result?.kind === 'word' && trans.result.entries.length ? (
          <div className="trans-direction">{/\p{Script=Han}/u.test(trans.text) ? '拼音与释义' : '中文释义'}</div>
        ) : null}
        {!trans?.result && !trans?.failed ? <Spin /> : null}
        {trans?.failed ? <p>{trans.failed}</p> : null}
        {trans?.result?.translation ? <p className="trans-sentence">{trans.result.translation}</p> : null}
        {trans?.result?.message ? <p className="trans-note">{trans.result.message}</p> : null}
        {trans?.result && !trans.result.entries.length && !trans.result.translation ? <p>词典中未找到该词</p> : null}
        <ul className="trans-entries">
          {trans?.result?.entries.map((e, i) => (
            <li key={i}>
              <strong>{e.simplified}</strong>
              {e.traditional !== e.simplified ? <span className="trans-trad">（{e.traditional}）</span> : null}
              <span className="trans-pinyin">{e.pinyin}</span>
              <div>{e.english.join('; ')}</div>
            </li>
          ))}
        </ul>
        {trans?.result?.provider === 'cc-cedict' ? <p className="trans-source">释义来自 CC-CEDICT 汉英词典</p> : null}
        {trans?.result?.provider === 'ecdict' ? <p className="trans-source">释义来自 ECDICT 英汉词典</p> : null}
      </div>
    </Modal>
  );
}
