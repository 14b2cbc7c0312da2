import { useEffect } from 'react';
import { openLogin } from '../../components/LoginDialog/store';
import HomePage from '../index';

/** /login: the home page with the login dialog open. */
export default function LoginPage() {
  useEffect(() => openLogin('login'), []);
  return <HomePage />;
}
