import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Radio, Result, Spin, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { SampleMsg, type SampleApplyAnswer, type SampleCheckAnswer } from '@textbook/contracts';
import { ApiError } from '../../api';
import { useMember } from '../../api/member';
import { applySample, checkSample, sampleKeys, useInvalidateSamples, useSampleDays } from '../../api/samples';

type Step =
  | { kind: 'checking' }
  | { kind: 'blocked'; check: SampleCheckAnswer['result'] | 'ERROR'; msg: string }
  | { kind: 'form' }
  | { kind: 'done'; answer: SampleApplyAnswer };

const errorMessage = (error: unknown) => (error instanceof ApiError || error instanceof Error ? error.message : '');

/**
 * The sample dialog (spec §4, §8): the server's check first (NOT_TEACHER, OVER, HAS, EXIST show their message;
 * SUCCESS shows the form), the form with the validity options and this year's quota from /days, then the
 * result: AUDIT_PASS offers to open the book, AUDITING says the result comes as a notice.
 */
export function SampleDialog({
  open,
  bookId,
  bookTitle,
  onClose,
}: {
  open: boolean;
  bookId: number;
  bookTitle?: string;
  onClose: () => void;
}) {
  const member = useMember();
  const navigate = useNavigate();
  const invalidate = useInvalidateSamples();
  // After the form: the apply's answer, or its refusal (cleared when the dialog closes).
  const [after, setAfter] = useState<Step | null>(null);
  const [validity, setValidity] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const checked = useQuery({
    queryKey: sampleKeys.check(bookId),
    queryFn: () => checkSample(bookId),
    enabled: open,
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
  const step: Step =
    after ??
    (checked.isError
      ? { kind: 'blocked', check: 'ERROR', msg: errorMessage(checked.error) }
      : !checked.data || checked.isFetching
        ? { kind: 'checking' }
        : checked.data.result === 'SUCCESS'
          ? { kind: 'form' }
          : { kind: 'blocked', check: checked.data.result, msg: checked.data.msg });
  const days = useSampleDays(open && step.kind === 'form');

  const times = days.data?.times ?? [];
  const chosen = validity ?? times[0]?.code;

  const submit = async () => {
    if (!chosen) return;
    setSubmitting(true);
    try {
      const answer = await applySample({
        bookId,
        validityPeriod: chosen,
        userId: member?.id,
        collegeId: member?.collegeId,
      });
      setAfter({ kind: 'done', answer });
    } catch (error) {
      setAfter({ kind: 'blocked', check: 'ERROR', msg: errorMessage(error) });
    } finally {
      setSubmitting(false);
      invalidate();
    }
  };

  const close = () => {
    setAfter(null);
    setValidity(undefined);
    onClose();
  };
  const openBook = () => {
    close();
    void navigate(`/bookPreview?bookId=${bookId}`);
  };

  let body: React.ReactNode;
  let footer: React.ReactNode = null;
  if (step.kind === 'checking') {
    body = (
      <div style={{ textAlign: 'center', padding: 32 }}>
        <Spin />
      </div>
    );
  } else if (step.kind === 'blocked') {
    body = (
      <Result
        status={step.check === 'HAS' ? 'success' : step.check === 'EXIST' ? 'info' : 'warning'}
        title={step.msg}
        data-testid="sample-blocked"
      />
    );
    footer =
      step.check === 'HAS' ? (
        <Button type="primary" onClick={openBook}>
          去阅读
        </Button>
      ) : step.check === 'NOT_TEACHER' ? (
        <Button
          type="primary"
          data-testid="sample-certify"
          onClick={() => {
            close();
            void navigate('/my/teacherCert');
          }}
        >
          去认证教师
        </Button>
      ) : (
        <Button type="primary" onClick={close}>
          知道了
        </Button>
      );
  } else if (step.kind === 'form') {
    body = (
      <div data-testid="sample-form">
        {bookTitle && (
          <Typography.Paragraph>
            申请教材：<strong>{bookTitle}</strong>
          </Typography.Paragraph>
        )}
        <Typography.Paragraph type="secondary" data-testid="sample-quota">
          {days.data ? `今年可申请 ${days.data.amount} 本，剩余 ${days.data.left} 本` : '正在读取申请额度…'}
        </Typography.Paragraph>
        <div style={{ marginBottom: 8 }}>试用期限</div>
        <Radio.Group
          value={chosen}
          onChange={(e) => setValidity(e.target.value as string)}
          optionType="button"
          buttonStyle="solid"
          options={times.map((t) => ({ label: t.value, value: t.code }))}
        />
      </div>
    );
    footer = (
      <>
        <Button onClick={close}>取消</Button>
        <Button type="primary" onClick={submit} loading={submitting} disabled={!chosen} data-testid="sample-submit">
          提交申请
        </Button>
      </>
    );
  } else if (step.answer.result === 'AUDIT_PASS') {
    body = <Result status="success" title={SampleMsg.AUDIT_PASS} subTitle={SampleMsg.AUDIT_PASS_DETAIL} />;
    footer = (
      <>
        <Button onClick={close}>关闭</Button>
        <Button type="primary" onClick={openBook} data-testid="sample-open-book">
          立即阅读
        </Button>
      </>
    );
  } else {
    body = <Result status="info" title={SampleMsg.AUDITING} subTitle="审核结果将通过消息通知您" />;
    footer = (
      <>
        <Button onClick={close}>关闭</Button>
        <Button
          type="primary"
          onClick={() => {
            close();
            void navigate('/my/sampleBook');
          }}
        >
          查看申请记录
        </Button>
      </>
    );
  }

  return (
    <Modal open={open} title="申请免费样书" onCancel={close} footer={footer} destroyOnHidden width={480}>
      {body}
    </Modal>
  );
}

/** The book detail's 申请样书 button and its dialog. */
export function SampleButton({ bookId, bookTitle }: { bookId: number; bookTitle?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="large" onClick={() => setOpen(true)} data-testid="sample-apply">
        申请样书
      </Button>
      <SampleDialog open={open} bookId={bookId} bookTitle={bookTitle} onClose={() => setOpen(false)} />
    </>
  );
}
