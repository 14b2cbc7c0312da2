import { useState } from 'react';
import { Alert, Button } from 'antd';
import { ClassMsg, type OwnBookResult } from '@textbook/contracts';
import { SampleDialog } from '../../../components/Samples/SampleDialog';

/**
 * The own-book check's refusal (spec §5): the server's message, and with goApply the hint offering a teacher
 * trial, whose button opens the sample dialog for the book. The class dialog and the teaching space opened on a
 * book the teacher does not hold show it alike.
 */
export function OwnBookRefusal({
  result,
  bookId,
  bookTitle,
}: {
  result: OwnBookResult;
  bookId: number;
  bookTitle?: string | undefined;
}) {
  const [trialOpen, setTrialOpen] = useState(false);
  return (
    <>
      <Alert
        type="error"
        showIcon
        data-testid="own-book-refusal"
        title={bookTitle ? `《${bookTitle}》：${result.msg}` : result.msg}
        description={
          result.goApply ? (
            <span>
              {ClassMsg.GO_APPLY_HINT}
              <Button type="link" size="small" onClick={() => setTrialOpen(true)} data-testid="go-apply">
                {ClassMsg.GO_APPLY}
              </Button>
            </span>
          ) : undefined
        }
      />
      {trialOpen && <SampleDialog open bookId={bookId} bookTitle={bookTitle} onClose={() => setTrialOpen(false)} />}
    </>
  );
}
