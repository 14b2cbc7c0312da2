import { useEffect, useState } from 'react';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Button, Modal, Radio, Result, Spin } from 'antd';
import QRCode from 'qrcode';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { OrderMsg, PayChannelLabel, type PayChannel } from '@textbook/contracts';
import { startPayment, useOrderCheck, usePayDetail } from '../../api/orders';
import { useInvalidateShelf } from '../../api/reader';
import './pay-dialog.css';

function QrImage({ text }: { text: string }) {
  const [src, setSrc] = useState('');
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(text, { width: 220, margin: 1 }).then((url) => live && setSrc(url));
    return () => {
      live = false;
    };
  }, [text]);
  return src ? <img src={src} alt="支付二维码" width={220} height={220} data-testid="pay-qr" /> : <Spin />;
}

function countdown(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * The payment dialog: the order (book, amount), a channel choice, the provider's QR code (or a link to open),
 * and a check polled until the order is paid, closed or expired; then the book can be opened.
 */
export function PayDialog({ orderId, bookId, onClose }: { orderId: number; bookId: number; onClose: () => void }) {
  const detail = usePayDetail(orderId);
  const [picked, setPicked] = useState<PayChannel | undefined>();
  const channel = picked ?? detail.data?.channels[0];
  const [now, setNow] = useState(() => Date.now());
  const check = useOrderCheck(orderId);
  const state = check.data?.state ?? detail.data?.state;
  const expiresAt = check.data?.expiresAt ?? detail.data?.expiresAt ?? 0;
  const expired = state === 'unpaid' && expiresAt > 0 && now >= expiresAt;
  const done = state === 'paid' || state === 'closed' || state === 'refunded' || expired;
  const client = useQueryClient();
  const invalidateShelf = useInvalidateShelf();
  // What the provider answers for this channel (QR content, pay page): asked once per channel.
  const start = useQuery({
    queryKey: ['orders', 'start', orderId, channel],
    queryFn: () => startPayment(channel!, orderId),
    enabled: Boolean(channel) && state === 'unpaid' && !expired,
    staleTime: Infinity,
    retry: false,
  });

  useEffect(() => {
    if (done) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [done]);

  useEffect(() => {
    if (state === 'paid') {
      invalidateShelf();
      void client.invalidateQueries({ queryKey: ['orders'] });
    }
  }, [state, client, invalidateShelf]);

  const order = detail.data;
  return (
    <Modal open title="购买教材" onCancel={onClose} footer={null} width={420} destroyOnHidden className="pay-dialog">
      {!order ? (
        <Spin />
      ) : state === 'paid' ? (
        <Result
          icon={<CheckCircleFilled style={{ color: '#16a34a' }} />}
          status="success"
          title="支付成功"
          subTitle="教材已加入您的书架"
          extra={[
            <Link key="read" to={`/bookPreview?bookId=${bookId}`} onClick={onClose}>
              <Button type="primary">开始阅读</Button>
            </Link>,
            <Link key="shelf" to="/list" onClick={onClose}>
              <Button>去书架</Button>
            </Link>,
          ]}
        />
      ) : order.channels.length === 0 ? (
        <Result
          icon={<CloseCircleFilled style={{ color: '#9ca3af' }} />}
          title={OrderMsg.NO_CHANNEL}
          extra={<Button onClick={onClose}>关闭</Button>}
        />
      ) : done ? (
        <Result
          icon={<CloseCircleFilled style={{ color: '#9ca3af' }} />}
          title={expired || state === 'closed' ? '订单已关闭' : '订单已退款'}
          subTitle="超过30分钟未支付的订单会自动关闭，请重新购买"
          extra={<Button onClick={onClose}>关闭</Button>}
        />
      ) : (
        <div className="pay-body">
          <div className="pay-title">{order.bookTitle}</div>
          <div className="pay-amount">¥{order.amount.toFixed(2)}</div>
          <div className="pay-no">订单号 {order.orderNo}</div>
          <Radio.Group
            value={channel}
            onChange={(e) => setPicked(e.target.value as PayChannel)}
            optionType="button"
            buttonStyle="solid"
            options={order.channels.map((c) => ({ value: c, label: PayChannelLabel[c] }))}
          />
          <div className="pay-qr">
            {start.data?.qrCode ? <QrImage text={start.data.qrCode} /> : start.isError ? '—' : <Spin />}
          </div>
          <div className="pay-hint">
            请使用{channel ? PayChannelLabel[channel] : ''}扫码支付，剩余 {countdown(expiresAt - now)}
          </div>
          {start.data?.payUrl && (
            <a href={start.data.payUrl} target="_blank" rel="noreferrer" data-testid="pay-open">
              {channel === 'sandbox' ? '打开沙箱支付页（扫码/确认支付）' : '打开支付页面'}
            </a>
          )}
          <div className="pay-waiting">
            <Spin size="small" /> 支付完成后将自动跳转
          </div>
        </div>
      )}
    </Modal>
  );
}
