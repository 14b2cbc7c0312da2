import { useEffect, useRef, useState } from 'react';
import { App, Button, Checkbox, Form, Input, Modal, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { CheckCircleFilled } from '@ant-design/icons';
import { Limits, Msg, passwordProblem, PHONE_PATTERN } from '@textbook/contracts';
import { fetchAgreement, sendLoginCode } from '../../api/auth';
import { useSiteInfo } from '../../api/site';
import { SliderCheck } from './SliderCheck';

export const phoneRules = [
  { required: true, message: Msg.INCOMPLETE },
  { pattern: PHONE_PATTERN, message: Msg.PHONE_FORMAT },
];
export const requiredRule = [{ required: true, message: Msg.INCOMPLETE }];

export const newPasswordRules = [
  { required: true, message: Msg.INCOMPLETE },
  {
    validator: (_: unknown, value: string | undefined) => {
      const problem = value ? passwordProblem(value) : null;
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  },
];

export const confirmRules = (field: string): Rule[] => [
  { required: true, message: Msg.INCOMPLETE },
  ({ getFieldValue }) => ({
    validator: (_: unknown, value: string | undefined) =>
      !value || value === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error(Msg.PASSWORD_MISMATCH)),
  }),
];

/** The 60 s countdown after a send (spec §4, §9). */
function useCountdown(): [number, () => void] {
  const [seconds, setSeconds] = useState<number>(Limits.CODE_COUNTDOWN_S);
  const timer = useRef<ReturnType<typeof setInterval>>(undefined);
  useEffect(() => () => clearInterval(timer.current), []);
  const start = () => {
    clearInterval(timer.current);
    setSeconds(Limits.CODE_COUNTDOWN_S - 1);
    timer.current = setInterval(() => {
      setSeconds((s) => {
        if (s <= 1) {
          clearInterval(timer.current);
          return Limits.CODE_COUNTDOWN_S;
        }
        return s - 1;
      });
    }, 1000);
  };
  return [seconds, start];
}

/**
 * Phone, then the slider check; once it passes the code field appears with its send button. Sending uses the
 * slider's single-use ticket and starts the countdown; the button is hidden until the countdown is back at 60.
 * A later send asks for the slider again.
 */
export function PhoneAndCode({ form, phoneLabel = '手机号' }: { form: FormInstance; phoneLabel?: string }) {
  const { message } = App.useApp();
  const [verified, setVerified] = useState(false);
  const [ticket, setTicket] = useState<string>();
  const [sliderAgain, setSliderAgain] = useState(false);
  const [seconds, startCountdown] = useCountdown();
  const [sending, setSending] = useState(false);
  const counting = seconds < Limits.CODE_COUNTDOWN_S;

  const send = async () => {
    try {
      await form.validateFields(['phoneNumber']);
    } catch {
      return;
    }
    if (!ticket) {
      setSliderAgain(true);
      return;
    }
    setSending(true);
    setTicket(undefined);
    try {
      await sendLoginCode(form.getFieldValue('phoneNumber') as string, ticket);
      message.success('验证码已发送');
      startCountdown();
    } catch {
      setSliderAgain(true);
    } finally {
      setSending(false);
    }
  };

  const passed = (t: string) => {
    setTicket(t);
    setVerified(true);
    setSliderAgain(false);
  };

  return (
    <>
      <Form.Item name="phoneNumber" label={phoneLabel} rules={phoneRules}>
        <Input placeholder="请输入手机号" maxLength={Limits.PHONE_LENGTH} inputMode="numeric" autoComplete="tel" />
      </Form.Item>
      <Form.Item label="安全验证">
        {!verified || sliderAgain ? (
          <SliderCheck key={String(sliderAgain)} onPass={passed} />
        ) : (
          <div className="slider-passed" data-testid="slider-passed">
            <CheckCircleFilled /> 验证通过
          </div>
        )}
      </Form.Item>
      {verified && (
        <Form.Item label="验证码" required>
          <div className="code-row">
            <Form.Item name="code" rules={requiredRule} noStyle>
              <Input
                placeholder="请输入验证码"
                maxLength={Limits.SMS_CODE_LENGTH}
                inputMode="numeric"
                autoComplete="one-time-code"
              />
            </Form.Item>
            {counting ? (
              <span className="code-countdown" data-testid="code-countdown">
                {seconds}s
              </span>
            ) : (
              <Button onClick={() => void send()} loading={sending} data-testid="send-code">
                获取验证码
              </Button>
            )}
          </div>
        </Form.Item>
      )}
    </>
  );
}

/**
 * An agreement's body without a first heading that repeats its title: the dialog's title already says it (the site
 * content's body is written as a page of its own, heading first).
 */
function bodyUnderTitle(title: string, body: string): string {
  const doc = new DOMParser().parseFromString(body, 'text/html');
  const first = doc.body.firstElementChild;
  if (first && /^H[1-6]$/.test(first.tagName) && first.textContent?.trim() === title.trim()) first.remove();
  return doc.body.innerHTML;
}

/** The agreement box with links that show the user agreement and privacy policy (site contents). */
export function AgreementField() {
  const { message } = App.useApp();
  const { data: site } = useSiteInfo();
  const [shown, setShown] = useState<{ title: string; body: string }>();

  const show = async (id: number | null | undefined, missing: string) => {
    if (!id) {
      message.error(missing);
      return;
    }
    try {
      setShown(await fetchAgreement(id));
    } catch {
      message.error(missing);
    }
  };

  return (
    <>
      <Form.Item
        name="checked"
        valuePropName="checked"
        rules={[
          {
            validator: (_, value) => (value ? Promise.resolve() : Promise.reject(new Error(Msg.AGREEMENT_REQUIRED))),
          },
        ]}
      >
        <Checkbox>
          我已阅读并同意
          <a
            onClick={(e) => {
              e.preventDefault();
              void show(site?.toolbar.userAgreementId, Msg.NO_AGREEMENT);
            }}
          >
            《用户协议》
          </a>
          和
          <a
            onClick={(e) => {
              e.preventDefault();
              void show(site?.toolbar.privacyPolicyId, Msg.NO_PRIVACY);
            }}
          >
            《隐私政策》
          </a>
        </Checkbox>
      </Form.Item>
      <Modal open={Boolean(shown)} title={shown?.title} footer={null} onCancel={() => setShown(undefined)}>
        <div
          className="agreement-body"
          dangerouslySetInnerHTML={{ __html: shown ? bodyUnderTitle(shown.title, shown.body) : '' }}
        />
      </Modal>
    </>
  );
}
