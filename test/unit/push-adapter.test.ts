// The SNS mobile push adapter against a mocked client: a device's token becomes an endpoint of its platform's
// application, a push is a Publish of each platform's payload to the endpoint, SNS's EndpointDisabled answers
// `disabled` (the caller removes the device), a removal deletes the endpoint; the local outbox stands in for it.
import { readdir, readFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CreatePlatformEndpointCommand,
  DeleteEndpointCommand,
  EndpointDisabledException,
  PublishCommand,
  SNSClient,
} from '@aws-sdk/client-sns';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { snsPush } from '#shared/adapters/aws/sns';
import { outboxPush } from '#shared/adapters/local/push';
import { DomainError } from '#shared/domain/errors';

const sns = mockClient(SNSClient);
const ANDROID = 'arn:aws:sns:sa-east-1:123456789012:app/GCM/saude-android';
const IOS = 'arn:aws:sns:sa-east-1:123456789012:app/APNS/saude-ios';
const ENDPOINT = 'arn:aws:sns:sa-east-1:123456789012:endpoint/GCM/saude-android/0f1e2d3c';
const push = (applications: { android: string | undefined; ios: string | undefined } = { android: ANDROID, ios: IOS }) =>
  snsPush(new SNSClient({ region: 'sa-east-1' }), applications);
const notification = { titulo: 'Clínica', texto: 'Você recebeu uma nova mensagem no chat.', dados: { tipo: 'CHAT', mensagemId: '42' } };

beforeEach(() => sns.reset());

describe('snsPush', () => {
  it('registers a token as an endpoint of its platform’s application', async () => {
    sns.on(CreatePlatformEndpointCommand).resolves({ EndpointArn: ENDPOINT });

    const android = await push().register({ plataforma: 'android', token: 'fcm-token' });
    await push().register({ plataforma: 'ios', token: 'apns-token' });

    expect(android).toBe(ENDPOINT);
    expect(sns.commandCalls(CreatePlatformEndpointCommand).map((c) => c.args[0].input)).toEqual([
      { PlatformApplicationArn: ANDROID, Token: 'fcm-token' },
      { PlatformApplicationArn: IOS, Token: 'apns-token' },
    ]);
  });

  it('refuses a platform the deployment has no application for with 503, calling nothing', async () => {
    const refused = push({ android: ANDROID, ios: undefined }).register({ plataforma: 'ios', token: 't' });

    await expect(refused).rejects.toBeInstanceOf(DomainError);
    await expect(refused).rejects.toMatchObject({ kind: 'unavailable' });
    expect(sns.calls()).toHaveLength(0);
  });

  it('publishes each platform’s payload to the endpoint', async () => {
    sns.on(PublishCommand).resolves({ MessageId: 'm-1' });

    expect(await push().send(ENDPOINT, notification)).toBe('sent');

    const [call] = sns.commandCalls(PublishCommand);
    expect(call!.args[0].input).toMatchObject({ TargetArn: ENDPOINT, MessageStructure: 'json' });
    const message = JSON.parse(call!.args[0].input.Message!) as Record<string, string>;
    expect(JSON.parse(message.GCM!)).toEqual({
      notification: { title: 'Clínica', body: notification.texto },
      data: { tipo: 'CHAT', mensagemId: '42' },
    });
    expect(JSON.parse(message.APNS!)).toEqual({
      aps: { alert: { title: 'Clínica', body: notification.texto } },
      tipo: 'CHAT',
      mensagemId: '42',
    });
    expect(message.default).toBe(notification.texto);
  });

  it('answers `disabled` when SNS reports the endpoint disabled, and lets other errors through', async () => {
    sns.on(PublishCommand).rejects(new EndpointDisabledException({ message: 'Endpoint is disabled', $metadata: {} }));
    expect(await push().send(ENDPOINT, notification)).toBe('disabled');

    sns.reset();
    sns.on(PublishCommand).rejects(Object.assign(new Error('Rate exceeded'), { name: 'ThrottledException' }));
    await expect(push().send(ENDPOINT, notification)).rejects.toThrow('Rate exceeded');
  });

  it('deletes the endpoint of a removed device', async () => {
    sns.on(DeleteEndpointCommand).resolves({});

    await push().unregister(ENDPOINT);

    expect(sns.commandCalls(DeleteEndpointCommand).map((c) => c.args[0].input)).toEqual([{ EndpointArn: ENDPOINT }]);
  });
});

describe('outboxPush (npm start)', () => {
  it('writes each push to the outbox, and treats a DESATIVADO token’s endpoint as disabled', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'push-outbox-'));
    const local = outboxPush(dir);
    const live = await local.register({ plataforma: 'android', token: 'fcm-token' });
    const gone = await local.register({ plataforma: 'ios', token: 'DESATIVADO-1' });

    expect(await local.send(live, notification)).toBe('sent');
    expect(await local.send(gone, notification)).toBe('disabled');

    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(JSON.parse(await readFile(path.join(dir, files[0]!), 'utf8'))).toMatchObject({
      channel: 'push',
      endpoint: live,
      ...notification,
    });
    expect(live).not.toContain('fcm-token');
  });
});
