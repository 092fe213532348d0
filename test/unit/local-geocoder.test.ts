// The local geocoder (npm start, tests): one address always gives one point inside Brazil, and the
// refusal rule (a logradouro with "inexistente", a UF that is not Brazilian) gives the API's 400.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BRAZIL_BOUNDS, localGeocoder } from '#shared/adapters/local/geocoder';
import type { GeocodeQuery } from '#shared/adapters/ports';

const geocoder = localGeocoder();
const address: GeocodeQuery = {
  logradouro: 'Rua da Aurora',
  numero: '325',
  bairro: 'Boa Vista',
  cidade: 'Recife',
  uf: 'PE',
  cep: '50050-000',
};

describe('localGeocoder', () => {
  it('gives the same point for the same address, however it is spaced, cased or accented', async () => {
    // Act
    const first = await geocoder.geocode(address);
    const again = await localGeocoder().geocode({
      ...address,
      logradouro: '  RUA DA   AURÓRA ',
      bairro: 'boa vista',
      cidade: 'recife',
      uf: 'pe',
      cep: '50050000',
    });

    // Assess
    expect(first).toBeDefined();
    expect(again).toMatchObject({ latitude: first!.latitude, longitude: first!.longitude });
    expect(first!.rotulo).toBe('Rua da Aurora, 325, Boa Vista, Recife - PE');
  });

  it('gives different addresses different points', async () => {
    const [first, other] = await Promise.all([geocoder.geocode(address), geocoder.geocode({ ...address, numero: '326' })]);

    expect([other!.latitude, other!.longitude]).not.toEqual([first!.latitude, first!.longitude]);
  });

  it('places every address inside Brazil', async () => {
    const text = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== '' && !/inexistente/i.test(s));
    await fc.assert(
      fc.asyncProperty(
        text,
        fc.option(text, { nil: undefined }),
        text,
        fc.constantFrom('SP', 'RJ', 'AM', 'RS', 'DF'),
        async (logradouro, numero, cidade, uf) => {
          const point = await geocoder.geocode({ logradouro, numero, cidade, uf });
          expect(point).toBeDefined();
          expect(point!.latitude).toBeGreaterThanOrEqual(BRAZIL_BOUNDS.minLatitude);
          expect(point!.latitude).toBeLessThanOrEqual(BRAZIL_BOUNDS.maxLatitude);
          expect(point!.longitude).toBeGreaterThanOrEqual(BRAZIL_BOUNDS.minLongitude);
          expect(point!.longitude).toBeLessThanOrEqual(BRAZIL_BOUNDS.maxLongitude);
        },
      ),
    );
  });

  it('refuses a logradouro containing "inexistente", in any case and with accents', async () => {
    for (const logradouro of ['Rua Inexistente', 'AVENIDA INEXISTENTE 9', 'Travessa Ínexistênte'])
      await expect(geocoder.geocode({ ...address, logradouro }), logradouro).resolves.toBeUndefined();
  });

  it('refuses a UF that is not one of the 27, and an address without street or city', async () => {
    for (const uf of ['XX', 'SPP', '', 'BR']) await expect(geocoder.geocode({ ...address, uf }), uf).resolves.toBeUndefined();
    await expect(geocoder.geocode({ ...address, logradouro: '  ' })).resolves.toBeUndefined();
    await expect(geocoder.geocode({ ...address, cidade: '' })).resolves.toBeUndefined();
    await expect(geocoder.geocode({ ...address, uf: 'to' })).resolves.toBeDefined();
  });
});
