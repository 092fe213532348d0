import { awsAdapters } from '#shared/adapters/index';
import { groupHandler } from '#shared/http/kit';
import { availabilityOperations } from './availability.ts';
import { preferenceOperations } from './preferences.ts';
import { profileOperations } from './profile.ts';
import { searchProfileOperations } from './search-profile.ts';
import type { physicianPortalContract } from './contract.ts';

// The profile's address is geocoded with Amazon Location (the place index of the stack).
awsAdapters({ geocoder: async () => (await import('#shared/adapters/aws/location')).locationGeocoder() });

export const handler = groupHandler<typeof physicianPortalContract>('physician-portal', {
  ...preferenceOperations,
  ...profileOperations,
  ...searchProfileOperations,
  ...availabilityOperations,
});
