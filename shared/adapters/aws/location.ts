// Geocodes with Amazon Location (the stack's place index, PLACE_INDEX_NAME): in the account, authorized
// by IAM, no third-party key to keep. Only the physician-portal group imports it (lazily, on first use).
import { LocationClient, SearchPlaceIndexForTextCommand } from '@aws-sdk/client-location';
import { config, requireConfig } from '#shared/config';
import type { GeocodeQuery, GeocoderPort } from '#shared/adapters/ports';

/**
 * Below this Relevance (0..1) the best result counts as not found. The data providers score how many parts
 * of the address matched: a result near 1 matched street, number and city; a low one is usually just the
 * city or a similarly named street elsewhere, and a wrong point is worse than a 400 asking to fix the address.
 */
export const MIN_RELEVANCE = 0.8;

/** "Rua X, 123 - Bairro, Cidade - UF, 01234-567": the order and separators Brazilian addresses are written in. */
export function addressText(query: GeocodeQuery): string {
  const part = (value: string | undefined) => value?.trim() || undefined;
  const street = [part(query.logradouro), part(query.numero)].filter(Boolean).join(', ');
  const place = [street, part(query.bairro)].filter(Boolean).join(' - ');
  return [place, `${query.cidade.trim()} - ${query.uf.trim().toUpperCase()}`, part(query.cep)].filter(Boolean).join(', ');
}

/** The client is made once, when the adapter is (adapter() keeps it per container). */
export function locationGeocoder(client = new LocationClient({ region: config().region })): GeocoderPort {
  return {
    async geocode(query) {
      const Text = addressText(query);
      // Errors (throttling, access denied, a missing index) propagate: the caller answers them as its errors, not as a bad address.
      const out = await client.send(
        new SearchPlaceIndexForTextCommand({
          IndexName: requireConfig('placeIndexName').placeIndexName,
          Text,
          FilterCountries: ['BRA'],
          MaxResults: 1,
          Language: 'pt-BR',
        }),
      );
      const best = out.Results?.[0];
      // Relevance is always given for text searches; were it missing there would be nothing to judge by, so the point stands.
      if (!best || (best.Relevance !== undefined && best.Relevance < MIN_RELEVANCE)) return undefined;
      // Amazon Location points are [longitude, latitude].
      const [longitude, latitude] = best.Place?.Geometry?.Point ?? [];
      if (!Number.isFinite(longitude) || !Number.isFinite(latitude)) return undefined;
      return { latitude: latitude!, longitude: longitude!, rotulo: best.Place?.Label ?? Text };
    },
  };
}
