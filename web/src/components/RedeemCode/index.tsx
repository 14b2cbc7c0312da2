import { CollegeLimits } from '@textbook/contracts';
import { useState } from 'react';
import { Button, Input, message } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { collegeApi } from '../../api/college';
import { useInvalidateShelf } from '../../api/reader';

/**
 * The activation-code box (shelf page, join-class page): a code from the college's administrator puts the book
 * on the shelf. The server tells a wrong code from a used or expired one, and slows guessing.
 */
export function RedeemCode({ onRedeemed }: { onRedeemed?: (bookId: number) => void }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const client = useQueryClient();
  const invalidateShelf = useInvalidateShelf();
  const submit = async () => {
    if (!code.trim()) {
      message.warning('请输入激活码');
      return;
    }
    setBusy(true);
    try {
      const result = await collegeApi.redeem(code.trim());
      message.success(`激活成功，《${result.bookName}》已加入您的书架`);
      setCode('');
      invalidateShelf();
      void client.invalidateQueries({ queryKey: ['college'] });
      onRedeemed?.(result.bookId);
    } catch {
      // the client showed the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="redeem-code" style={{ display: 'flex', gap: 8, flexWrap: 'wrap', maxWidth: 420, marginBottom: 12 }}>
      <Input
        value={code}
        onChange={(e) => setCode(e.target.value)}
        onPressEnter={submit}
        placeholder="输入教材激活码，如 ABCD-EFGH-JKMN"
        maxLength={CollegeLimits.CODE_MAX}
        allowClear
        aria-label="教材激活码"
        data-testid="redeem-input"
        style={{ flex: '1 1 220px' }}
      />
      <Button type="primary" loading={busy} onClick={submit} data-testid="redeem-submit">
        激活
      </Button>
    </div>
  );
}
