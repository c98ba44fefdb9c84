/**
 * Graceful shutdown on SIGTERM (systemd, a platform, a rolling restart) and SIGINT (Ctrl-C):
 * every request already received is answered and every delivery already under way is recorded
 * before the store closes, so a restart never loses an acknowledged lead or sends one twice.
 */
import type { Server, ServerResponse } from 'node:http';

/** What the shutdown stops after the last request, in this order. */
export interface ShutdownSteps {
  /** The delivery worker: resolves once its pass in flight has recorded every attempt. */
  worker: { stop(): Promise<void> };
  /** The lead store(s) this process opened. */
  stores: readonly { close(): unknown }[];
}

export interface ShutdownOptions extends ShutdownSteps {
  /** Past this, the process exits 1 with a message instead of hanging (`SHUTDOWN_TIMEOUT_MS`). */
  timeoutMs: number;
  /** How long requests are still served after the signal, /readyz answering 503 (`SHUTDOWN_DRAIN_MS`). */
  drainMs?: number;
  log?: (line: string) => void;
  exit?: (code: number) => void;
}

/** How often connections that went idle are closed while draining. */
const SWEEP_MS = 50;

/** Drains one HTTP server and stops what stands behind it, once, whatever signals arrive. */
export class GracefulShutdown {
  private started = false;
  private readonly inFlight = new Set<ServerResponse>();
  private readonly server: Server;
  private readonly options: ShutdownOptions;
  private readonly log: (line: string) => void;
  private readonly exit: (code: number) => void;

  constructor(server: Server, options: ShutdownOptions) {
    this.server = server;
    this.options = options;
    this.log = options.log ?? ((line) => console.log(line));
    this.exit = options.exit ?? ((code) => process.exit(code));
    // Before the site's handler: a response it has not begun yet must still learn to close its connection.
    server.prependListener('request', (_req, res: ServerResponse) => {
      if (this.started) res.setHeader('Connection', 'close');
      this.inFlight.add(res);
      res.once('close', () => this.inFlight.delete(res));
    });
  }

  /** True from the first signal on: /readyz answers 503 so a load balancer drains this instance. */
  get stopping(): boolean {
    return this.started;
  }

  /** Shuts down on each of `signals`; a second signal is logged and changes nothing. */
  listen(signals: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT']): void {
    for (const signal of signals) process.on(signal, () => void this.begin(signal));
  }

  /** Stops accepting, lets requests in flight finish, then stops the worker and closes the store; exits 0. */
  async begin(reason: string): Promise<void> {
    if (this.started) {
      this.log(`Shutdown: ${reason} received again; already shutting down`);
      return;
    }
    this.started = true;
    const { timeoutMs, worker, stores, drainMs = 0 } = this.options;
    if (drainMs > 0) {
      this.log(
        `Shutdown: ${reason}; /readyz answers 503, requests are served for ${drainMs} ms more (SHUTDOWN_DRAIN_MS)`,
      );
      await new Promise((resolve) => setTimeout(resolve, drainMs));
    }
    const deadline = setTimeout(() => {
      this.log(`Shutdown: not finished after ${timeoutMs} ms (SHUTDOWN_TIMEOUT_MS); exiting with status 1`);
      this.server.closeAllConnections();
      this.exit(1);
    }, timeoutMs);
    try {
      this.log(
        `Shutdown: ${drainMs > 0 ? 'drained' : reason}; /readyz answers 503, no new connections, ${this.inFlight.size} request(s) in flight`,
      );
      await this.drain();
      this.log('Shutdown: every request in flight is answered');
      await worker.stop();
      this.log('Shutdown: the delivery worker finished its pass');
      for (const store of stores) await store.close();
      this.log('Shutdown: the lead store is closed');
    } catch (error) {
      clearTimeout(deadline);
      this.log(`Shutdown: failed (${error instanceof Error ? error.message : String(error)}); exiting with status 1`);
      this.exit(1);
      return;
    }
    clearTimeout(deadline);
    this.log('Shutdown: done');
    this.exit(0);
  }

  /**
   * Closes the listener and waits for every connection to end. A keep-alive connection would
   * otherwise outlive its last answer (and even carry new requests), so answers from now on say
   * `Connection: close` and connections that fall idle are closed as they do.
   */
  private async drain(): Promise<void> {
    for (const res of this.inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    const closed = new Promise<void>((resolve, reject) =>
      this.server.close((error) => (error ? reject(error) : resolve())),
    );
    this.server.closeIdleConnections();
    const sweep = setInterval(() => this.server.closeIdleConnections(), SWEEP_MS);
    try {
      await closed;
    } finally {
      clearInterval(sweep);
    }
  }
}
