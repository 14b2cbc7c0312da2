import { adminKeys } from '../../../api/admin';
import { FormModal as KitFormModal, type FormModalProps } from '../../../kit/FormModal';

/** The kit's form dialog (`web/src/kit/FormModal.tsx`) for the console: `reload` names the console lists by address. */
export function FormModal<V extends object>({
  reload = [],
  ...props
}: Omit<FormModalProps<V>, 'reload'> & { reload?: string[] }) {
  return <KitFormModal<V> {...props} reload={reload.map(adminKeys.list)} />;
}
