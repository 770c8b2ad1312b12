import { Outlet } from 'react-router';

/** The admin area's frame. The accounts issue wraps it in the admin guard. */
export default function AdminLayout() {
  return <Outlet />;
}
