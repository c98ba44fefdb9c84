/**
 * The probes a load balancer, an orchestrator or a monitor asks: `/healthz` (the process answers)
 * and `/readyz` (this instance can take leads). Answered by the server itself, before Astro, so
 * they are never pages, never cached and never in the sitemap.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StoreCannotWrite } from './leads/sql-lead-store.ts';
import type { Readiness } from '../lib/leads/model.ts';

/** The part of a lead store the readiness probe reads. */
export interface ProbedStore {
  readonly kind: Readiness['store'];
  readiness(now?: Date): Promise<Readiness>;
}

/** A probe's answer before it is written: its status and its JSON body. */
export interface ProbeAnswer {
  status: 200 | 405 | 503;
  body: Record<string, unknown>;
}

/** A store slower than this counts as unreachable: a probe must answer before the balancer gives up. */
const READINESS_TIMEOUT_MS = 2_000;
const UNREACHABLE = 'the lead store is unreachable';
const CANNOT_WRITE = 'the lead store cannot write';

const PROBE_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex',
} as const;

/** `/healthz`: only that the process answers; the store is not touched, so a slow database never restarts it. */
export function livenessAnswer(): ProbeAnswer {
  return { status: 200, body: { status: 'ok' } };
}

/**
 * `/readyz`: the store's outbox backlog, or 503 while the instance is stopping (so it is drained)
 * and when the store cannot answer in time. The reason stays in the server's log: a probe's body
 * never carries an error text, a path or a connection string.
 */
export async function readinessAnswer(
  store: ProbedStore,
  stopping: boolean,
  timeoutMs = READINESS_TIMEOUT_MS,
): Promise<ProbeAnswer> {
  if (stopping) return { status: 503, body: { status: 'stopping', store: store.kind } };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const { store: kind, pendingDeliveries, oldestPendingSeconds } = await Promise.race([store.readiness(), timeout]);
    return { status: 200, body: { status: 'ready', store: kind, pendingDeliveries, oldestPendingSeconds } };
  } catch (error) {
    console.error(
      error instanceof StoreCannotWrite
        ? `/readyz: ${error.message}`
        : `/readyz: the ${store.kind} lead store did not answer: ${error instanceof Error ? error.message : String(error)}`,
    );
    const said = error instanceof StoreCannotWrite ? CANNOT_WRITE : UNREACHABLE;
    return { status: 503, body: { status: 'unavailable', store: store.kind, error: said } };
  } finally {
    clearTimeout(timer);
  }
}

/** The answer for a probe path and method, or null when the path is not a probe. */
export async function probeAnswer(
  pathname: string,
  method: string | undefined,
  store: ProbedStore,
  stopping: boolean,
): Promise<ProbeAnswer | null> {
  if (pathname !== '/healthz' && pathname !== '/readyz') return null;
  if (method !== 'GET' && method !== 'HEAD') return { status: 405, body: { error: 'Use GET or HEAD.' } };
  return pathname === '/healthz' ? livenessAnswer() : readinessAnswer(store, stopping);
}

/** Answers a probe request on `res`; returns false, writing nothing, for any other path. */
export async function answerProbe(
  req: IncomingMessage,
  res: ServerResponse,
  store: ProbedStore,
  stopping: boolean,
): Promise<boolean> {
  const [pathname = '/'] = (req.url ?? '/').split('?', 1);
  const answer = await probeAnswer(pathname, req.method, store, stopping);
  if (!answer) return false;
  const body = JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    ...PROBE_HEADERS,
    'Content-Length': Buffer.byteLength(body),
    ...(answer.status === 405 ? { Allow: 'GET, HEAD' } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}
