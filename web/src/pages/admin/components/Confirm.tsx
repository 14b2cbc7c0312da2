import { adminKeys } from '../../../api/admin';
import { ConfirmAction as KitConfirmAction, type ConfirmActionProps } from '../../../kit/Confirm';

/** The kit's confirmed action (`web/src/kit/Confirm.tsx`) for the console: `reload` names the console lists by address. */
export function ConfirmAction({ reload = [], ...props }: Omit<ConfirmActionProps, 'reload'> & { reload?: string[] }) {
  return <KitConfirmAction {...props} reload={reload.map(adminKeys.list)} />;
}
