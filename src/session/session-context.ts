import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { SessionMachine } from '../../machines/session.machine.ts';

export type SessionActor = ActorRefFrom<SessionMachine>;

export const SessionContext = createContext<SessionActor | null>(null);

export function useSessionActor(): SessionActor {
  const actor = useContext(SessionContext);
  if (!actor) throw new Error('useSessionActor needs a <SessionProvider> above it');
  return actor;
}
