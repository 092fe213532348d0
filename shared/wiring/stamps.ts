// The stamping worker's wiring (shared/operations/stamps.ts), the same for the stream follower that stamps a new
// pending stamp at once and the schedule that retries the ones still pending: the stamps, the TSA client (TSA_URL),
// the ledger and the tariffs. Made once per container, on first use.
import { dynamoLedgerRepository } from '#shared/db/ledger';
import { dynamoStampRepository } from '#shared/db/stamps';
import { dynamoTariffCatalogue } from '#shared/db/tariffs';
import type { StampingDeps } from '#shared/operations/stamps';
import { httpTimeStampAuthority } from '#shared/tsa/client';

let deps: StampingDeps | undefined;

export const stampingDeps = (): StampingDeps =>
  (deps ??= {
    stamps: dynamoStampRepository(),
    tsa: httpTimeStampAuthority(),
    ledger: dynamoLedgerRepository(),
    tariffs: dynamoTariffCatalogue(),
  });
