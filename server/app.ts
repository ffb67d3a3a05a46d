import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import type { SessionClaims } from './auth/tokens.ts';
import type { AppContext, AppOptions } from './context.ts';
import { sandboxProvider } from './domain/payment-provider.ts';
import { signatureHeader } from './domain/payment-signature.ts';
import { startReminderLoop } from './domain/reminders.ts';
import { portalJobs, startJobLoop } from './domain/jobs.ts';
import { defaultLaterSeconds, defaultRetrySeconds } from './domain/sandbox-notifications.ts';
import { createHandlers } from './handlers/index.ts';
import { tokenStillValid } from './auth/token-version.ts';
import { validatorCompiler } from './http/body-validation.ts';
import { conflictAnswer } from './http/constraint-conflicts.ts';
import { dataExceptionMessage, isDataException } from './http/database-errors.ts';
import { HttpError, unauthorized } from './http/errors.ts';
import { badUrlAnswer, registerInputGuards } from './http/input-guards.ts';
import { registerBuiltFiles } from './http/built-files.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { Replayed } from './http/replayed.ts';
import { fastifyTrustProxy } from './http/trust-proxy.ts';
import { registerSecurityHeaders, setSecurityHeaders } from './http/security-headers.ts';
import { describeValidationError } from './http/validation-message.ts';
import type { Call, OperationId } from './http/operations.ts';
import { type OperationInfo, listOperations, loadSpec } from './http/spec.ts';
import { registerDevAppointmentPages } from './pages/dev-appointments.ts';
import { registerOutboxPages } from './pages/outbox.ts';
import { registerPageErrors } from './pages/page-errors.ts';
import { registerSandboxPages } from './pages/sandbox.ts';
import { sendPlaceholder } from './pages/placeholder.ts';

const defaultSpaDir = fileURLToPath(new URL('../dist/', import.meta.url));

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const securityHeaders = setSecurityHeaders(options.publicUrl);
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    bodyLimit: 1024 * 1024,
    // Path parameters as long as openapi.yaml allows (ids: 220) reach validation, which names the field.
    routerOptions: { maxParamLength: 512 },
    // A path that does not decode (the bytes of a lone surrogate) answers in the API's Error shape.
    frameworkErrors: (error, request, reply) => {
      securityHeaders(request, reply);
      return badUrlAnswer(error, request, reply, errorBody);
    },
  });
  // Unknown fields are refused (400), not dropped; bodies are never coerced, query strings and paths are.
  app.setValidatorCompiler(validatorCompiler());
  await registerSecurityHeaders(app, options.publicUrl);
  const context: AppContext = {
    db: options.db,
    tokens: options.tokens,
    staffEmail: options.staffEmail ?? 'staff@tutoring.example',
    publicUrl: options.publicUrl,
    orderHoldSeconds: options.orderHoldSeconds ?? 1800,
    webhookSecret: options.paymentWebhookSecret,
    provider: sandboxProvider(),
    // Through the whole HTTP pipeline of the webhook route (signature, validation), as a provider's POST would.
    async deliverPaymentEvent(rawBody, signature) {
      const answer = await app.inject({ method: 'POST', url: '/api/payment-webhook', headers: { 'content-type': 'application/json', [signatureHeader]: signature }, payload: rawBody });
      return { status: answer.statusCode, body: answer.body };
    },
    notificationSchedule: {
      retrySeconds: options.paymentNotifications?.retrySeconds ?? defaultRetrySeconds,
      laterSeconds: options.paymentNotifications?.laterSeconds ?? defaultLaterSeconds,
    },
    failpoint: options.failpoint,
  };

  const operations = listOperations(loadSpec());
  // The operation a request was routed to, by its method and route: a 400's words depend on it.
  const routeOperations = new Map(operations.map((op) => [routeKey(op), op.operationId]));
  const operationOf = (request: FastifyRequest) => routeOperations.get(`${request.method === 'HEAD' ? 'GET' : request.method} ${request.routeOptions.url}`);
  const bodyRoutes = new Set(operations.filter((op) => op.bodyRequired).map(routeKey));
  const bodyRequired = (request: FastifyRequest) => bodyRoutes.has(`${request.method} ${request.routeOptions.url}`);

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ ...error.details, ...errorBody(error.message, error.field) });
    }
    const e = error as { validation?: unknown; statusCode?: number; message: string };
    if (Array.isArray(e.validation)) {
      const { field, message } = describeValidationError(error as FastifyError, operationOf(request));
      return reply.code(400).send(errorBody(message, field));
    }
    if (e.statusCode === 415) {
      return reply.code(415).send(errorBody('Content-Type must be application/json'));
    }
    if (isDataException(error)) {
      request.log.warn(error);
      return reply.code(400).send(errorBody(dataExceptionMessage));
    }
    // A unique or exclusion violation no handler answered (a race it did not foresee): the request clashed
    // with something stored meanwhile, which a person can act on; it is not the server failing.
    const clash = conflictAnswer(error);
    if (clash) {
      if (clash.unknown !== undefined) request.log.error({ err: error, constraint: clash.unknown }, 'constraint without a conflict message (server/http/constraint-conflicts.ts)');
      return reply.code(409).send(errorBody(clash.message, clash.field));
    }
    if (e.statusCode !== undefined && e.statusCode >= 400 && e.statusCode < 500) {
      return reply.code(e.statusCode).send(errorBody(e.message));
    }
    request.log.error(error);
    return reply.code(500).send(errorBody('Something went wrong on our side. Please try again.'));
  });

  const sessions = new WeakMap<FastifyRequest, SessionClaims>();
  const authenticate = async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized();
    let claims: SessionClaims;
    try {
      claims = options.tokens.verify(match[1]);
    } catch {
      throw unauthorized('Session expired or invalid. Please log in again.');
    }
    // A signature proves who issued the token, not that it still stands: a password change since
    // (in any instance) revokes it.
    if (!(await tokenStillValid(options.db, claims))) throw unauthorized('Session expired or invalid. Please log in again.');
    sessions.set(request, claims);
  };

  // The API takes JSON only: other bodies answer 415 instead of skipping the JSON schemas' validation.
  // Removed before any scope is registered, since scopes copy the parsers they start with.
  app.removeContentTypeParser('text/plain');
  // The calendar answers' type is in the contract as a response type, which the glue checks at start as if bodies
  // came in it (and warns). A parser that refuses keeps the API JSON-only, with the same 415, and the start quiet.
  app.addContentTypeParser('text/calendar', (_request, _payload, done) => done(new HttpError(415, 'Content-Type must be application/json'), undefined));
  registerJsonBodyParser(app);
  registerInputGuards(app, operationOf, bodyRequired);

  const handlers = createHandlers(context);
  const byId = new Map(operations.map((op) => [op.operationId, op]));
  // Auth runs on request, before body validation, so an anonymous caller learns nothing but 401.
  const tokenRoutes = new Set(operations.filter((op) => op.needsToken).map(routeKey));
  app.addHook('onRequest', async (request) => {
    // Fastify answers HEAD with its GET route, so HEAD needs the GET route's token.
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    if (tokenRoutes.has(`${method} ${request.routeOptions.url}`)) await authenticate(request);
  });

  await app.register(openapiGlue, {
    specification: loadSpec(),
    prefix: '/api',
    operationResolver: (operationId: string) => {
      const info = byId.get(operationId);
      if (!info || !(operationId in handlers)) throw new Error(`No handler for operation ${operationId}`);
      const handler = handlers[operationId as OperationId] as (call: Call<OperationId>) => Promise<unknown>;
      return async (request: FastifyRequest, reply: FastifyReply) => {
        const answer = await handler({
          body: request.body as never,
          params: request.params as never,
          query: request.query as never,
          session: sessions.get(request),
          request,
          reply,
        });
        // A replay of an idempotent write answers what the first call made, with 200, not 201.
        if (answer instanceof Replayed) return reply.code(200).send(answer.body);
        return reply.code(info.successCode).send(answer);
      };
    },
  });

  app.get('/api/health', async () => ({ ok: true }));
  // The sandbox's HTML forms post form-encoded bodies; that parser lives in the sandbox's scope only.
  await app.register(async (scope) => {
    await scope.register(formbody);
    // A refusal on a page a browser shows is a page too, not the API's JSON.
    registerPageErrors(scope);
    registerSandboxPages(scope, context);
  });
  // One switch for every development page: they are for the embedded setup, never a public deployment.
  if (options.devOutbox ?? false) {
    registerOutboxPages(app, context);
    registerDevAppointmentPages(app, context);
  }
  await registerSpa(app, options.spaDir ?? defaultSpaDir);
  const { reminders, jobs } = options;
  if (reminders) runWhileOpen(app, () => startReminderLoop(options.db, { ...reminders, publicUrl: options.publicUrl, log: app.log }));
  if (jobs) runWhileOpen(app, () => startJobLoop(portalJobs(context, jobs, app.log), app.log));
  return app;
}

/** A background loop (the reminder scan, the jobs) runs from when the app is ready until it closes; closing waits for a run under way. */
function runWhileOpen(app: FastifyInstance, start: () => { stop(): Promise<void> }) {
  let loop: { stop(): Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    loop = start();
  });
  app.addHook('onClose', async () => {
    await loop?.stop();
  });
}

/** `POST /api/orders/:ref`: an operation's route as Fastify names it. */
const routeKey = (op: OperationInfo) => `${op.method} /api${op.path.replace(/\{(\w+)\}/g, ':$1')}`;

function errorBody(message: string, field?: string) {
  return field === undefined ? { success: false, message, error: message } : { success: false, message, error: message, field };
}

async function registerSpa(app: FastifyInstance, spaDir: string) {
  const built = existsSync(path.join(spaDir, 'index.html'));
  if (built) await registerBuiltFiles(app, spaDir);
  // History fallback: any other GET or HEAD of an app path gets the app, which routes on the client, whatever its
  // Accept (curl and a balancer's health check send */*). The API and the server pages keep their 404s, and so
  // does a missing file: a script or an icon answered with HTML would fail in a browser with a misleading error.
  app.setNotFoundHandler((request, reply) => {
    if (!isAppPath(request)) return reply.code(404).send(errorBody(`No such route: ${request.method} ${request.url.split('?')[0]}`));
    if (built) return reply.type('text/html; charset=utf-8').sendFile('index.html');
    return sendPlaceholder(reply);
  });
}

/** The server's own prefixes: the API, the sandbox provider's pages, the development pages. */
const serverPrefixes = ['/api', '/sandbox', '/dev'];

/** A page of the app: read (GET or HEAD), under none of the server's prefixes, and naming no file (no extension). */
function isAppPath(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '';
  if (serverPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) return false;
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !/\.[^.]+$/.test(lastSegment);
}
