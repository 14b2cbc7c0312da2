import { Suspense, useState } from 'react';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { createOrder } from '../../api/orders';
import { Button } from '../../ui/Button';
import { lazyWithAntd } from '../../ui/withAntd';
import { openLogin } from '../LoginDialog/store';

/** The payment dialog and antd with it: loaded once an order is made (the button is a light one). */
const PayDialog = lazyWithAntd(() => import('./PayDialog').then((m) => ({ default: m.PayDialog })));

/**
 * 购买 on book detail, for a priced book the member cannot read yet (`canBuy`): the server makes (or finds) the
 * open order, then the payment dialog takes over. The dialog stays after the payment, when the button has gone.
 */
export function BuyButton({
  bookId,
  price,
  loggedIn,
  canBuy,
}: {
  bookId: number;
  price: number;
  loggedIn: boolean;
  canBuy: boolean;
}) {
  const [orderId, setOrderId] = useState<number | null>(null);
  const [pending, setPending] = useState(false);
  const buy = async () => {
    if (!loggedIn) return openLogin();
    setPending(true);
    try {
      setOrderId((await createOrder(bookId, price)).id);
    } catch {
      // The client has shown the server's message (free book, already readable, …).
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      {canBuy && (
        <Button kind="danger" icon={<ShoppingCartOutlined />} loading={pending} onClick={buy} data-replay="buy">
          购买 ¥{price.toFixed(2)}
        </Button>
      )}
      {orderId !== null && (
        <Suspense fallback={null}>
          <PayDialog orderId={orderId} bookId={bookId} onClose={() => setOrderId(null)} />
        </Suspense>
      )}
    </>
  );
}
