// The token Lambda as deployed today: no WhatsApp adapter exists in AWS until the messaging
// issue brings the provider sends. Asking for a patient code must then fail visibly (503 and
// an error log), never answer 202 as if a code had gone out. Invoked directly, as Lambda would,
// with only the adapters the entry file declares.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lambdaContext, restEvent } from '#events/samples/api-gateway';
import { handler } from '#functions/token/handler';
import { useFreshTable } from '../support/table.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('POST /api/auth/paciente/codigo without a WhatsApp sender', () => {
  it('answers 503 whatsapp_unavailable and logs an error, for any phone', async () => {
    // Prepare: a real (empty) table, so nothing but the missing sender can fail.
    await useFreshTable();
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(String(line)));

    // Act
    const result = await handler(
      restEvent({ method: 'POST', resource: '/api/auth/paciente/codigo', body: { aplicacao: 'demo', telefone: '+5511999990000' } }),
      lambdaContext('token'),
    );

    // Assess
    expect(result.statusCode).toBe(503);
    expect(JSON.parse(result.body)).toMatchObject({ error: 'whatsapp_unavailable' });
    expect(errors.some((line) => JSON.parse(line).level === 'error' && line.includes('WhatsApp'))).toBe(true);
  });
});
