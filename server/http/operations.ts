import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../contract/schema.d.ts';
import type { SessionClaims } from '../auth/tokens.ts';
import { unauthorized } from './errors.ts';
import type { Replayed } from './replayed.ts';

export type OperationId = keyof operations;
type Op<K extends OperationId> = operations[K];
type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type SuccessCode = 200 | 201;

/** The JSON body; `| undefined` where the contract makes it optional (`requestBody.required: false`). */
export type Body<K extends OperationId> = Op<K> extends { requestBody: infer R }
  ? Json<R>
  : Op<K> extends { requestBody?: infer R }
    ? [R] extends [never]
      ? never
      : Json<NonNullable<R>> | undefined
    : never;
export type PathParams<K extends OperationId> = NonNullable<Op<K>['parameters']['path']>;
export type Query<K extends OperationId> = NonNullable<Op<K>['parameters']['query']>;
/** A body in whichever media type the answer has: JSON, or text such as a calendar file (sent as it is). */
type Content<T> = T extends { content: infer C } ? C[keyof C] : never;
/** The 2xx answer of an operation, as openapi.yaml defines it. */
export type Ok<K extends OperationId> = Content<Op<K>['responses'][keyof Op<K>['responses'] & SuccessCode]>;

export interface Call<K extends OperationId> {
  body: Body<K>;
  params: PathParams<K>;
  query: Query<K>;
  /** The logged-in client, for operations with bearer security. */
  session: SessionClaims | undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<K extends OperationId> = (call: Call<K>) => Promise<Ok<K> | Replayed<Ok<K>>>;
/** One handler per operation of openapi.yaml: the compiler reports any that is missing. */
export type Handlers = { [K in OperationId]: Handler<K> };
export type HandlerGroup<K extends OperationId> = { [P in K]: Handler<P> };

export function requireSession(call: { session: SessionClaims | undefined }): SessionClaims {
  if (!call.session) throw unauthorized();
  return call.session;
}
