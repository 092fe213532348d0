// The Amazon Location geocoder against a mocked client: what it asks (index, text, country, one result),
// how it reads the answer ([lon, lat] points, the relevance threshold), and that SDK errors reach the caller.
import { LocationClient, ResourceNotFoundException, SearchPlaceIndexForTextCommand } from '@aws-sdk/client-location';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addressText, locationGeocoder, MIN_RELEVANCE } from '#shared/adapters/aws/location';
import { awsAdapters } from '#shared/adapters/index';
import type { GeocodeQuery } from '#shared/adapters/ports';
import { resetConfig } from '#shared/config';

const location = mockClient(LocationClient);

const query: GeocodeQuery = {
  logradouro: 'Avenida Paulista',
  numero: '1578',
  bairro: 'Bela Vista',
  cidade: 'São Paulo',
  uf: 'sp',
  cep: '01310-200',
};

const found = (point: number[], relevance?: number, label = 'Avenida Paulista, 1578, Bela Vista, São Paulo, SP, 01310-200, BRA') => ({
  Summary: { Text: 'x', DataSource: 'Here' },
  Results: [{ Place: { Label: label, Geometry: { Point: point } }, Relevance: relevance }],
});

const geocoder = () => locationGeocoder(new LocationClient({ region: 'us-east-1' }));

beforeEach(() => {
  location.reset();
  vi.stubEnv('PLACE_INDEX_NAME', 'Test-enderecos');
  resetConfig();
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetConfig();
});

describe('locationGeocoder', () => {
  it('searches the configured index for the whole address, in Brazil, for one result in Portuguese', async () => {
    // Prepare
    location.on(SearchPlaceIndexForTextCommand).resolves(found([-46.6559, -23.5614], 1));

    // Act
    await geocoder().geocode(query);

    // Assess
    const calls = location.commandCalls(SearchPlaceIndexForTextCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args[0].input).toEqual({
      IndexName: 'Test-enderecos',
      Text: 'Avenida Paulista, 1578 - Bela Vista, São Paulo - SP, 01310-200',
      FilterCountries: ['BRA'],
      MaxResults: 1,
      Language: 'pt-BR',
    });
  });

  it('reads the point as [longitude, latitude], and labels it as the geocoder understood it', async () => {
    // Prepare
    location.on(SearchPlaceIndexForTextCommand).resolves(found([-46.6559, -23.5614], 0.97, 'Avenida Paulista 1578, São Paulo'));

    // Act
    const point = await geocoder().geocode(query);

    // Assess
    expect(point).toEqual({ latitude: -23.5614, longitude: -46.6559, rotulo: 'Avenida Paulista 1578, São Paulo' });
  });

  it('leaves out the parts the address does not have', () => {
    expect(addressText({ logradouro: ' Rua das Flores ', cidade: 'Recife', uf: 'PE' })).toBe('Rua das Flores, Recife - PE');
  });

  it('answers undefined when nothing is found', async () => {
    location.on(SearchPlaceIndexForTextCommand).resolves({ Summary: { Text: 'x', DataSource: 'Here' }, Results: [] });

    await expect(geocoder().geocode(query)).resolves.toBeUndefined();
  });

  it(`answers undefined for a result below relevance ${MIN_RELEVANCE}, and takes one at it`, async () => {
    location
      .on(SearchPlaceIndexForTextCommand)
      .resolvesOnce(found([-46.6, -23.5], 0.79))
      .resolvesOnce(found([-46.6, -23.5], 0.8));

    await expect(geocoder().geocode(query)).resolves.toBeUndefined();
    await expect(geocoder().geocode(query)).resolves.toMatchObject({ latitude: -23.5, longitude: -46.6 });
  });

  it('answers undefined for a result without a usable point', async () => {
    location.on(SearchPlaceIndexForTextCommand).resolves(found([], 1));

    await expect(geocoder().geocode(query)).resolves.toBeUndefined();
  });

  it('lets SDK errors propagate (the caller maps them; a failure is not a bad address)', async () => {
    location.on(SearchPlaceIndexForTextCommand).rejects(
      new ResourceNotFoundException({
        Message: 'index Test-enderecos not found',
        message: 'index Test-enderecos not found',
        $metadata: {},
      }),
    );

    await expect(geocoder().geocode(query)).rejects.toThrow(ResourceNotFoundException);
  });

  it('names PLACE_INDEX_NAME when it is not set, without calling Amazon Location', async () => {
    vi.stubEnv('PLACE_INDEX_NAME', undefined);
    resetConfig();

    await expect(geocoder().geocode(query)).rejects.toThrow('PLACE_INDEX_NAME');
    expect(location.calls()).toHaveLength(0);
  });

  it('fails the cold start of a Lambda that declares the geocoder without PLACE_INDEX_NAME', () => {
    vi.stubEnv('PLACE_INDEX_NAME', undefined);
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'WhatsappPlatform-Group-physician-portal');
    vi.stubEnv('PLATFORM_RUNTIME', undefined);
    resetConfig();

    expect(() => awsAdapters({ geocoder: async () => geocoder() })).toThrow('missing configuration: PLACE_INDEX_NAME is not set');
  });
});
