// A loopback stand-in for the exchange-rate source under `npm start` and in tests: answers
// GET with an AwesomeAPI-shaped USD->BRL quote. `fail()` makes it misbehave (HTTP 500, a body that
// is not a quote, or no answer at all) so tests can check the last good rate is kept.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FixtureFailure = 'status' | 'garbage' | 'hang';

export interface ExchangeRateFixture {
  url: string;
  /** The bid served from now on (a decimal string). */
  setBid(bid: string): void;
  /** Makes every answer fail in the given way; `false` serves quotes again. */
  fail(mode: FixtureFailure | false): void;
  /** Requests served so far. */
  requests(): number;
  close(): Promise<void>;
}

export async function startExchangeRateFixture(options: { port?: number; bid?: string } = {}): Promise<ExchangeRateFixture> {
  let bid = options.bid ?? '5.4321';
  let failure: FixtureFailure | false = false;
  let served = 0;

  const server: Server = createServer((req, res) => {
    served += 1;
    if (failure === 'hang') return; // never answers: the caller's timeout must fire
    if (failure === 'status') {
      res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"status":500,"message":"fixture failing"}');
      return;
    }
    if (failure === 'garbage') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"USDBRL":{"code":"USD","codein":"BRL","bid":"abc"}}');
      return;
    }
    const quote = {
      USDBRL: { code: 'USD', codein: 'BRL', name: 'Dólar Americano/Real Brasileiro', bid, ask: bid, create_date: '2026-11-22 10:00:00' },
    };
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(quote));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/json/last/USD-BRL`,
    setBid: (value) => {
      bid = value;
    },
    fail: (mode) => {
      failure = mode;
    },
    requests: () => served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
