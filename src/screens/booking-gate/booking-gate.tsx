import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { config } from '../../config.ts';
import { clientDataOptions } from '../../queries/client-queries.ts';
import { useSessionActor } from '../../session/session-context.ts';
import { selectUser } from '../../session/session-selectors.ts';
import { BookingPausedView } from './booking-paused-view.tsx';

/**
 * The booking-status gate (the client data's `status`: docs/decisions/025-booking-status-gate.md): while staff have paused booking for the
 * account, New Booking and Renew show a notice with the provider's phone and e-mail instead of the flow.
 * The flow shows while the status loads or when it cannot be read: the server refuses the order anyway.
 */
export function BookingGate({ children }: { children: ReactNode }) {
  const session = useSessionActor();
  const user = useSelector(session, selectUser);
  const clientData = useQuery({ ...clientDataOptions(user?.clientid ?? 0, session), enabled: user !== null });
  if (clientData.data?.status === false) return <BookingPausedView contactPhone={config.contactPhone} contactEmail={config.contactEmail} />;
  return children;
}
