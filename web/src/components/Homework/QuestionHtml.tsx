import { RichText } from '../Content/RichText';

/** Question type labels (the bank's five types). */
export const TYPE_LABEL: Record<string, string> = {
  single: '单选题',
  multiple: '多选题',
  judge: '判断题',
  blank: '填空题',
  short: '简答题',
};

/**
 * A question's stem, option or analysis: rich text the question bank sanitized on the server when it was saved.
 */
export function QuestionHtml({
  html,
  className = '',
  inline = false,
}: {
  html: string;
  className?: string;
  inline?: boolean;
}) {
  return <RichText html={html} className={`hw-html${inline ? ' hw-html-inline' : ''} ${className}`} />;
}

/** An answer as words: B · A、C · 正确 · 北京 / 1949. */
export function answerText(type: string, answer: unknown): string {
  if (answer === null || answer === undefined) return '—';
  if (type === 'judge') return answer === true ? '正确' : answer === false ? '错误' : '—';
  if (Array.isArray(answer)) {
    return (
      answer
        .map((part) => (Array.isArray(part) ? part.join(' 或 ') : String(part)))
        .filter((s) => s !== '')
        .join(type === 'blank' ? ' / ' : '、') || '—'
    );
  }
  return String(answer) || '—';
}
