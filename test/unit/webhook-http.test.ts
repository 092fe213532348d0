// The POST of a webhook delivery against real loopback servers: it connects to the checked
// addresses only (a host name is never looked up again), follows no redirect, keeps the start of an
// answer's body, and turns a silent receiver or a refused connection into an outcome.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { pinnedLookup, postWebhook } from '#shared/adapters/webhook-http';

const servers: Server[] = [];

async function serve(handle: (request: IncomingMessage, response: ServerResponse, body: string) => void): Promise<number> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => handle(request, response, Buffer.concat(chunks).toString('utf8')));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise<void>((resolve) => {
          s.close(() => resolve());
          s.closeAllConnections();
        }),
    ),
  );
});

const post = { headers: { 'content-type': 'application/json', 'webhook-id': 'msg_1_1' }, body: '{"type":"AGENDAMENTO_REALIZADO"}' };

describe('postWebhook', () => {
  it('connects to the checked address whatever the host name, with the headers and body given', async () => {
    // Prepare: a name that resolves nowhere; only the pinned address can be reached
    let seen: { host?: string; id?: string; body?: string } = {};
    const port = await serve((request, response, body) => {
      seen = { host: request.headers.host, id: request.headers['webhook-id'] as string, body };
      response.writeHead(204).end();
    });
    const target = { url: new URL(`http://hooks.example.invalid:${port}/in`), addresses: ['127.0.0.1'] };

    // Act
    const outcome = await postWebhook(target, post, 2000);

    // Assess
    expect(outcome).toEqual({ status: 204 });
    expect(seen).toEqual({ host: `hooks.example.invalid:${port}`, id: 'msg_1_1', body: post.body });
  });

  it('does not follow a redirect, and keeps the body of a refused answer', async () => {
    const port = await serve((_request, response) => response.writeHead(302, { Location: 'http://169.254.169.254/' }).end('moved'));
    const refused = await serve((_request, response) => response.writeHead(500).end('x'.repeat(5000)));

    expect(await postWebhook({ url: new URL(`http://127.0.0.1:${port}/`), addresses: ['127.0.0.1'] }, post, 2000)).toEqual({
      status: 302,
      body: 'moved',
    });
    const outcome = await postWebhook({ url: new URL(`http://127.0.0.1:${refused}/`), addresses: ['127.0.0.1'] }, post, 2000);
    expect(outcome).toMatchObject({ status: 500 });
    expect((outcome as { body: string }).body.length).toBe(2048);
  });

  it('keeps the start of an accepted answer`s body too (the delivery log shows what the receiver said)', async () => {
    const port = await serve((_request, response) => response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}'));

    expect(await postWebhook({ url: new URL(`http://127.0.0.1:${port}/`), addresses: ['127.0.0.1'] }, post, 2000)).toEqual({
      status: 200,
      body: '{"ok":true}',
    });
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const port = await serve(() => undefined);

    const started = Date.now();
    const outcome = await postWebhook({ url: new URL(`http://127.0.0.1:${port}/`), addresses: ['127.0.0.1'] }, post, 200);

    expect(outcome).toEqual({ error: 'no answer within 200 ms' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports a refused connection as an error', async () => {
    const port = await serve(() => undefined);
    await new Promise<void>((resolve) => servers.pop()!.close(() => resolve()));

    const outcome = await postWebhook({ url: new URL(`http://127.0.0.1:${port}/`), addresses: ['127.0.0.1'] }, post, 2000);

    expect(outcome).toMatchObject({ error: expect.stringContaining('ECONNREFUSED') });
  });
});

describe('pinnedLookup', () => {
  const lookup = pinnedLookup(['93.184.216.34', '2606:2800:220:1::1']);
  const call = (options: { family?: number; all?: boolean }) =>
    new Promise<unknown>((resolve, reject) =>
      lookup('anything.example', options, (error, address: unknown, family?: number) =>
        error ? reject(error) : resolve(family === undefined ? address : { address, family }),
      ),
    );

  it('answers with the checked addresses only, by family and for `all`', async () => {
    expect(await call({})).toEqual({ address: '93.184.216.34', family: 4 });
    expect(await call({ family: 6 })).toEqual({ address: '2606:2800:220:1::1', family: 6 });
    expect(await call({ all: true })).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::1', family: 6 },
    ]);
  });

  it('refuses a family it has no checked address for', async () => {
    const v4only = pinnedLookup(['93.184.216.34']);
    await expect(
      new Promise((resolve, reject) => v4only('x', { family: 6 }, (error) => (error ? reject(error) : resolve(undefined)))),
    ).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });
});
