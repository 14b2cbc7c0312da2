import { forwardRef, lazy, Suspense } from 'react';
import { Spin } from 'antd';
import { ChapterView, type ChapterHandle, type ChapterViewProps } from './ChapterView';
import type { ReaderSettings } from './settings';

/** pdf.js and the PDF view load with the first PDF section shown: reflowable books never fetch them. */
const PdfView = lazy(() => import('./pdf/PdfView'));

type Props = ChapterViewProps & { onSettings(patch: Partial<ReaderSettings>): void };

/** A chapter's view: a PDF book's section in pages (PdfView), any other chapter as HTML (ChapterView). */
export const ChapterOrPdf = forwardRef<ChapterHandle, Props>(function ChapterOrPdf(props, ref) {
  if (props.chapter.layout.kind !== 'pdf') return <ChapterView ref={ref} {...props} />;
  return (
    <Suspense
      fallback={
        <div className="reader-state">
          <Spin />
        </div>
      }
    >
      <PdfView ref={ref} {...props} />
    </Suspense>
  );
});
