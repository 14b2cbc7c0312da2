import { useEffect, useRef } from 'react';
import renderMathInElement from 'katex/contrib/auto-render';
import 'katex/dist/katex.min.css';
import '../../../components/Content/content.css';

/**
 * Rich text from the bank (sanitized on the server when saved) with its LaTeX formulas, written between `$…$`
 * or `$$…$$`, typeset by KaTeX in the browser. KaTeX loads with this page only.
 */
export function MathHtml({ html, className = '' }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    ref.current.innerHTML = html;
    renderMathInElement(ref.current, {
      delimiters: [
        { left: '$$', right: '$$', display: true },
        { left: '$', right: '$', display: false },
        { left: '\\(', right: '\\)', display: false },
      ],
      throwOnError: false,
    });
  }, [html]);
  return <div ref={ref} className={`rich-text qb-math ${className}`} />;
}
