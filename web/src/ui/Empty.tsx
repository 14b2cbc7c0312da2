import { Msg } from '@textbook/contracts';

/** The empty state as the server's pages write it (no picture: antd's Empty is not loaded for it). */
export function Empty({ description = Msg.EMPTY }: { description?: string }) {
  return (
    <div className="empty-state">
      <p className="empty-text">{description}</p>
    </div>
  );
}
