import { z } from 'zod';
import { pageQuery } from './envelope.js';

/** Personal orders and payments (issue #15). Amounts on the wire are yuan (like book prices); fen in the database. */
export const PayChannels = ['alipay', 'wechat', 'sandbox'] as const;
export type PayChannel = (typeof PayChannels)[number];
export const OrderStates = ['unpaid', 'paid', 'closed', 'refunded'] as const;
export type OrderState = (typeof OrderStates)[number];

export const OrderStateLabel: Record<OrderState, string> = {
  unpaid: '待支付',
  paid: '已支付',
  closed: '已关闭',
  refunded: '已退款',
};
export const PayChannelLabel: Record<PayChannel, string> = {
  alipay: '支付宝',
  wechat: '微信支付',
  sandbox: '沙箱支付',
};

/** Minutes an unpaid order stays open. */
export const ORDER_OPEN_MINUTES = 30;

export const OrderMsg = {
  BOOK_UNKNOWN: '教材不存在或未上架',
  BOOK_FREE: '该教材免费，无需购买，可直接加入书架',
  ALREADY_READABLE: '您已可阅读此书，无需购买',
  AMOUNT_MISMATCH: '订单金额与教材价格不符，请刷新页面后重试',
  ORDER_CLOSED: '订单已关闭，请重新下单',
  ORDER_PAID: '订单已支付，无需重复支付',
  ORDER_NOT_PAYABLE: '该订单当前不可支付',
  CHANNEL_OFF: '暂不支持该支付方式',
  CHANNEL_FAILED: '支付渠道暂时不可用，请稍后再试或更换支付方式',
  NO_CHANNEL: '暂未开通在线支付，请联系平台管理员',
  PLAY_MONEY:
    '沙箱支付已在生产环境开启：订单不产生真实扣款，任何人凭支付页即可标记订单已支付。仅用于本地演示，正式上线请配置支付宝或微信支付并从 PAY_CHANNELS 中移除 sandbox。',
  REFUND_NOT_PAID: '只有已支付的订单可以退款',
  REFUND_FAILED: '退款失败，支付渠道未受理，请稍后再试',
  REFUNDED: '退款成功',
  RECEIPT_NOT_PAID: '订单支付后才能下载收据',
  RECEIPT_FILE: '购书收据',
  NO_CJK_FONT: '服务器未安装中文字体，暂不能生成收据',
} as const;

/** The words of the receipt, the paid notice and the sandbox's pay page the server writes. */
export const OrderText = {
  RECEIPT_LABELS: {
    orderNo: '订单号',
    book: '教材',
    amount: '金额',
    channel: '支付方式',
    tradeNo: '交易号',
    buyer: '购买人',
    created: '下单时间',
    paid: '支付时间',
  },
  RECEIPT_FOOTER: '本收据由高校数字教材平台生成，仅作购买凭证。',
  PAID_TITLE: (book: string) => `购买成功：${book}`,
  PAID_CONTENT: (orderNo: string) => `订单 ${orderNo} 已支付，教材已加入您的书架。`,
} as const;

/** Why a provider's notification was refused (told back to the provider) and the sandbox pay page's words. */
export const PayText = {
  REFUSAL: {
    unknown_order: '订单不存在',
    amount_mismatch: '金额或币种与订单不符',
    closed: '订单已关闭或已退款',
    bad_signature: '签名验证失败',
    malformed: '通知格式有误',
  } as Record<string, string>,
  SANDBOX_TITLE: '沙箱支付',
  SANDBOX_TAG: '扫码/确认支付 · 离线沙箱，不产生真实扣款',
  ORDER_NO: '订单号',
  ORDER_MISSING: '订单不存在',
  ORDER_STATE: (state: string) => `订单${state}`,
  EXPIRED: '已过期',
  CONFIRM: '确认支付',
  PAID: '✓ 支付成功',
  PAID_HINT: '请回到原页面，教材已加入您的书架。',
  FAILED: (why: string) => `支付失败：${why}`,
  PAGE_INVALID: '支付链接无效或已使用，请回到购买页面重新打开支付页',
  BACK_TO_BOOK: '返回教材页面',
  UNKNOWN_REASON: '未知原因',
} as const;

export const bookIdParams = z.object({ bookId: z.coerce.number().int().positive() });
export const orderIdParams = z.object({ id: z.coerce.number().int().positive() });

/** Creating an order: the amount the page showed, if any (refused when it is not the book's price). */
export const createOrderBody = z.object({ amount: z.number().nonnegative().max(1_000_000).optional() }).nullish();
export type CreateOrderBody = z.infer<typeof createOrderBody>;

export const orderView = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  bookId: z.number().int(),
  bookTitle: z.string(),
  /** Yuan. */
  amount: z.number(),
  currency: z.string(),
  state: z.enum(OrderStates),
  channel: z.enum(PayChannels).nullable(),
  createdAt: z.number(),
  expiresAt: z.number(),
  paidAt: z.number().nullable(),
  closedAt: z.number().nullable(),
  refundedAt: z.number().nullable(),
});
export type OrderView = z.infer<typeof orderView>;

/** What the payment dialog shows: the order and the channels this platform offers. */
export const payDetail = orderView.extend({ channels: z.array(z.enum(PayChannels)) });
export type PayDetail = z.infer<typeof payDetail>;

export const payChannelParams = z.object({ channel: z.enum(PayChannels) });
export const payOrderBody = z.object({ orderId: z.coerce.number().int().positive() });
export type PayOrderBody = z.infer<typeof payOrderBody>;

/** What the browser needs to pay: the QR content to render, or an address to open (or both). */
export const payStart = z.object({
  orderId: z.number().int(),
  channel: z.enum(PayChannels),
  qrCode: z.string().nullable(),
  payUrl: z.string().nullable(),
  expiresAt: z.number(),
});
export type PayStart = z.infer<typeof payStart>;

export const orderCheck = z.object({
  id: z.number().int(),
  bookId: z.number().int(),
  state: z.enum(OrderStates),
  paid: z.boolean(),
  expiresAt: z.number(),
});
export type OrderCheck = z.infer<typeof orderCheck>;

export const myOrderQuery = pageQuery.extend({ state: z.enum(OrderStates).optional() });
export type MyOrderQuery = z.infer<typeof myOrderQuery>;

/** Staff: orders with filters, refund, notification log. */
export const adminOrderQuery = pageQuery.extend({
  state: z.enum(OrderStates).optional(),
  channel: z.enum(PayChannels).optional(),
  /** Order number, book title or the member's phone. */
  keyword: z.string().trim().max(50).optional(),
  memberId: z.coerce.number().int().positive().optional(),
});
export type AdminOrderQuery = z.infer<typeof adminOrderQuery>;

export const adminOrderRow = orderView.extend({
  memberId: z.number().int(),
  memberName: z.string(),
  memberPhone: z.string().nullable(),
  tradeNo: z.string().nullable(),
  refundReason: z.string().nullable(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRow>;

export const refundBody = z.object({
  id: z.coerce.number().int().positive(),
  reason: z.string().trim().max(200).optional(),
});
export type RefundBody = z.infer<typeof refundBody>;

/** Staff: the channels this start offers, and whether the sandbox is live in production (no real money). */
export const payChannelState = z.object({ channels: z.array(z.enum(PayChannels)), playMoney: z.boolean() });
export type PayChannelState = z.infer<typeof payChannelState>;

export const NotificationOutcomes = [
  'accepted',
  'duplicate',
  'ignored',
  'bad_signature',
  'malformed',
  'unknown_order',
  'amount_mismatch',
  'closed',
] as const;
export type NotificationOutcome = (typeof NotificationOutcomes)[number];

/** What the staff's notification log says was done with each notification. */
export const NotificationOutcomeLabel: Record<NotificationOutcome, string> = {
  accepted: '已入账',
  duplicate: '重复通知（已入账）',
  ignored: '未成功交易（忽略）',
  bad_signature: '签名无效',
  malformed: '格式有误',
  unknown_order: '订单不存在',
  amount_mismatch: '金额或币种不符',
  closed: '订单已关闭或已退款',
};

export const notificationQuery = pageQuery.extend({
  channel: z.enum(PayChannels).optional(),
  outcome: z.enum(NotificationOutcomes).optional(),
  orderNo: z.string().trim().max(64).optional(),
});
export type NotificationQuery = z.infer<typeof notificationQuery>;

export const notificationRow = z.object({
  id: z.number().int(),
  channel: z.string(),
  orderNo: z.string(),
  tradeNo: z.string(),
  /** Yuan, like every amount on the wire (the log keeps fen). */
  amount: z.number().nullable(),
  outcome: z.string(),
  detail: z.string(),
  receivedAt: z.number(),
});
export type NotificationRow = z.infer<typeof notificationRow>;
