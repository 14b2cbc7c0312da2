import { useQuery } from '@tanstack/react-query';
import type { MyOrderQuery, OrderCheck, OrderView, Paged, PayChannel, PayDetail, PayStart } from '@textbook/contracts';
import { api } from './index';
import { saveFile } from '../kit/download';

export const orderKeys = {
  mine: (q: Partial<MyOrderQuery>) => ['orders', 'mine', q] as const,
  detail: (id: number) => ['orders', 'detail', id] as const,
  check: (id: number) => ['orders', 'check', id] as const,
};

/** 购买: the server prices the order; pressing twice answers the same open order. */
export const createOrder = (bookId: number, amount?: number) =>
  api.post<OrderView>(`/api/personalOrder/order/${bookId}`, amount === undefined ? {} : { amount });

export const startPayment = (channel: PayChannel, orderId: number) =>
  api.post<PayStart>(`/api/pay/${channel}/order`, { orderId });

export const usePayDetail = (id: number | undefined) =>
  useQuery({
    queryKey: orderKeys.detail(id ?? 0),
    queryFn: () => api.get<PayDetail>(`/api/personalOrder/pay/detail/${id}`),
    enabled: Boolean(id),
  });

/**
 * Polled every 2 s while the order is unpaid, also while the tab is in the background (the member pays on
 * another device or tab); it stops once the order is paid, closed or refunded.
 */
export const useOrderCheck = (id: number | undefined) =>
  useQuery({
    queryKey: orderKeys.check(id ?? 0),
    queryFn: () => api.get<OrderCheck>(`/api/pay/check/${id}`, undefined, { silent: true }),
    enabled: Boolean(id),
    refetchInterval: (query) => (query.state.data && query.state.data.state !== 'unpaid' ? false : 2000),
    refetchIntervalInBackground: true,
  });

export const useMyOrders = (q: Partial<MyOrderQuery>) =>
  useQuery({
    queryKey: orderKeys.mine(q),
    queryFn: () => api.get<Paged<OrderView>>('/api/personalOrder/myOrder', q),
  });

export async function downloadReceipt(id: number): Promise<void> {
  saveFile(await api.download('GET', `/api/personalOrder/receipt/${id}`));
}
