import { Alert } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { OrderMsg, type PayChannelState } from '@textbook/contracts';
import { adminGet } from '../../../api/admin';

/**
 * A loud banner on the money pages when this production start offers the sandbox (PAY_CHANNELS names it): its
 * orders are paid with no real money, which finance must not take for income.
 */
export function PlayMoneyAlert() {
  const state = useQuery({
    queryKey: ['admin', 'payments', 'channels'],
    queryFn: () => adminGet<PayChannelState>('/api/admin/payments/channels'),
    staleTime: 60_000,
  });
  if (!state.data?.playMoney) return null;
  return <Alert type="error" showIcon banner title={OrderMsg.PLAY_MONEY} data-testid="play-money" />;
}
