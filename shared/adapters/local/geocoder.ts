// The geocoder under `npm start` and in tests: no network, no account. The point is a hash of the
// normalised address (trimmed, lower case, accents folded, spaces collapsed) mapped into Brazil's
// bounding box (latitude -33..5, longitude -74..-34), so one address always gives one point and
// different addresses almost always different points. It is not a real location (it may be at sea).
//
// It refuses (undefined, the API's 400) an address whose logradouro contains "inexistente" (any case or
// accents), whose uf is not one of the 27 Brazilian UFs, or with no logradouro or cidade, so tests and
// demos can reach that answer.
import { createHash } from 'node:crypto';
import type { GeocodeQuery, GeocoderPort } from '#shared/adapters/ports';

const UFS = new Set([
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR',
  'SC', 'SP', 'SE', 'TO',
]); // prettier-ignore

export const BRAZIL_BOUNDS = { minLatitude: -33, maxLatitude: 5, minLongitude: -74, maxLongitude: -34 } as const;

const fold = (text: string | undefined) => (text ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

export function localGeocoder(): GeocoderPort {
  return {
    async geocode(query: GeocodeQuery) {
      const uf = query.uf.trim().toUpperCase();
      const logradouro = fold(query.logradouro);
      if (!UFS.has(uf) || !logradouro || !fold(query.cidade) || logradouro.includes('inexistente')) return undefined;
      const cep = (query.cep ?? '').replace(/\D/g, '');
      const key = [logradouro, fold(query.numero), fold(query.bairro), fold(query.cidade), uf, cep].join('|');
      const digest = createHash('sha256').update(key).digest();
      // Two 32-bit fractions of the digest, to 6 decimals (about 10 cm).
      const scale = (offset: number, min: number, max: number) =>
        Number((min + (digest.readUInt32BE(offset) / 2 ** 32) * (max - min)).toFixed(6));
      const { minLatitude, maxLatitude, minLongitude, maxLongitude } = BRAZIL_BOUNDS;
      const street = [query.logradouro.trim(), query.numero?.trim()].filter(Boolean).join(', ');
      return {
        latitude: scale(0, minLatitude, maxLatitude),
        longitude: scale(4, minLongitude, maxLongitude),
        rotulo: [street, query.bairro?.trim(), `${query.cidade.trim()} - ${uf}`].filter(Boolean).join(', '),
      };
    },
  };
}
