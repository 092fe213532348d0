// The provider portal pages' pure parts: the allowlist as the text area writes it and where the API's refusal of an
// entry is shown (the line it came from), the events' words against the API's list, and a credential's state.
import { describe, expect, it } from 'vitest';
import { appointmentEventTypes } from '#shared/domain/appointments/events';
import {
  allowlistEntries,
  allowlistError,
  credentialState,
  duration,
  eventOptions,
  pretty,
} from '../../console/src/pages/prestador/model.ts';

describe('the provider portal`s allowlist', () => {
  const text = ' 203.0.113.0/24 \n\n2001:db8::/32\n   \n300.1.2.3\n';

  it('sends one entry a line, trimmed, blank lines dropped', () => {
    expect(allowlistEntries(text)).toEqual(['203.0.113.0/24', '2001:db8::/32', '300.1.2.3']);
    expect(allowlistEntries('')).toEqual([]);
  });

  it('shows the refusal of an entry on the line it came from (the API counts the entries, not the lines)', () => {
    const refusal = { field: 'ipAllowlist.2', message: 'ipAllowlist.2 "300.1.2.3" is not an IPv4/IPv6 address or CIDR range' };
    expect(allowlistError(text, refusal)).toBe('Linha 5: "300.1.2.3" is not an IPv4/IPv6 address or CIDR range');
    // The zod refusal's message names no index; the list's own refusal names no entry.
    expect(allowlistError(text, { field: 'ipAllowlist.0', message: '"x" is not an IPv4/IPv6 address or CIDR range' })).toBe(
      'Linha 1: "x" is not an IPv4/IPv6 address or CIDR range',
    );
    expect(allowlistError(text, { field: 'ipAllowlist', message: 'must have at most 50 entries' })).toBe('must have at most 50 entries');
    expect(allowlistError(text, { field: 'nome', message: 'too long' })).toBeUndefined();
    expect(allowlistError(text, undefined)).toBeUndefined();
  });
});

describe('the provider portal`s words', () => {
  it('name every event the API sends, in its order', () => {
    expect(eventOptions.map(([e]) => e)).toEqual([...appointmentEventTypes]);
  });

  it('say a credential is revoked (final), deactivated or active', () => {
    expect(credentialState({ ativo: false, revogadoEm: '2026-01-01T00:00:00' }).label).toBe('Revogada');
    expect(credentialState({ ativo: false, revogadoEm: null }).label).toBe('Desativada');
    expect(credentialState({ ativo: true, revogadoEm: null }).label).toBe('Ativa');
  });

  it('write a duration in ms or s, and a JSON answer indented (anything else as it came)', () => {
    expect([null, 7, 999, 1500].map(duration)).toEqual(['—', '7 ms', '999 ms', '1.5 s']);
    expect(pretty('{"recebido":true}')).toBe('{\n  "recebido": true\n}');
    expect(pretty('ok')).toBe('ok');
  });
});
