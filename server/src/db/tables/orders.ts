import type { Generated } from 'kysely';

export type OrderStatus = 'unpaid' | 'paid' | 'closed' | 'refunded';
export type PayChannel = 'alipay' | 'wechat' | 'sandbox';

export interface PersonalOrdersTable {
  id: Generated<number>;
  order_no: string;
  member_id: number;
  book_id: number;
  book_title: Generated<string>;
  /** Fen. */
  amount: number;
  currency: Generated<string>;
  status: Generated<OrderStatus>;
  channel: PayChannel | null;
  trade_no: string | null;
  open_key: string | null;
  created_at: number;
  expires_at: number;
  paid_at: number | null;
  closed_at: number | null;
  refunded_at: number | null;
  refund_reason: string | null;
}

export interface PaymentNotificationsTable {
  id: Generated<number>;
  channel: string;
  order_no: Generated<string>;
  trade_no: Generated<string>;
  amount: number | null;
  outcome: string;
  detail: Generated<string>;
  received_at: number;
}

export interface OrderTables {
  personal_orders: PersonalOrdersTable;
  payment_notifications: PaymentNotificationsTable;
}
