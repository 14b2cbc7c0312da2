import { Outlet } from 'react-router';

/** The reader's own full-window layout (no site header or footer). */
export function ReaderLayout() {
  return (
    <div className="reader-frame">
      <Outlet />
    </div>
  );
}
