import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSessionActor } from '../session/session-context.ts';
import { selectLoggedIn } from '../session/session-selectors.ts';

/** Token-required routes: the token's exp is checked on every navigation; without a session, /login. */
export function RequireToken() {
  const actor = useSessionActor();
  const loggedIn = useSelector(actor, selectLoggedIn);
  const location = useLocation();
  useEffect(() => {
    actor.send({ type: 'session.checked', now: Date.now() });
  }, [actor, location.key]);
  return loggedIn ? <Outlet /> : <Navigate to="/login" replace />;
}

/** /login, /forgot-password, /changepassword/{id}: a logged-in user goes to /dashboard. */
export function PublicOnly() {
  const loggedIn = useSelector(useSessionActor(), selectLoggedIn);
  return loggedIn ? <Navigate to="/dashboard" replace /> : <Outlet />;
}
