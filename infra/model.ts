// Which model the stack calls and through which guardrail profile, and what IAM must allow for them (docs/ai.md,
// docs/decisions.md "A model behind one port"). The stack reads the choice from its context (infra/app.ts: modelId,
// modelRegions, guardrailProfile, guardrailProfileRegions), infra/grants.ts writes the grants from it, and the local
// run's IAM guard judges the simulator's calls against the same grants.

/** Where Bedrock runs a call: in the calling Region, in a geography's Regions (us., eu., ...), or in any commercial Region (global.). */
export type ModelRouting = { kind: 'in-region' } | { kind: 'geographic'; destinations: readonly string[] } | { kind: 'global' };

export interface ModelChoice {
  /** What the Converse call names (MODEL_ID): a foundation model's id or a system-defined inference profile's. */
  modelId: string;
  /** The foundation model behind it. */
  foundationModel: string;
  routing: ModelRouting;
}

/** A cross-Region guardrail profile (the Standard tier needs one) and the Regions it routes guardrail work to. */
export interface GuardrailProfile {
  id: string;
  destinations: readonly string[];
}

/** The US Regions from which the US profiles below are called, and where they route: us-east-1, us-east-2, us-west-2. */
const US_REGIONS = ['us-east-1', 'us-east-2', 'us-west-2'] as const;

/**
 * The profiles whose destinations are known here, from Bedrock's tables for these source Regions (us-west-1 routes to
 * itself too: give its Regions explicitly). Another profile is given with its Regions (`-c modelRegions=...`).
 */
const knownModelProfiles: Record<string, readonly string[]> = { 'us.amazon.nova-micro-v1:0': US_REGIONS };
const knownGuardrailProfiles: Record<string, readonly string[]> = { 'us.guardrail.v1:0': US_REGIONS };

/**
 * The default model: the smallest, cheapest text model the Region serves. In the US Regions, Amazon Nova Micro through
 * the US cross-Region profile (Nova Micro is served in-Region only in us-east-1); elsewhere, and when the Region is not
 * known at synth, Anthropic's Claude 3 Haiku in the Region itself (served in-Region in sa-east-1 and most commercial
 * Regions, where Nova has no route): no prompt leaves the Region.
 */
export function defaultModelId(region: string | undefined): string {
  return region !== undefined && (US_REGIONS as readonly string[]).includes(region)
    ? 'us.amazon.nova-micro-v1:0'
    : 'anthropic.claude-3-haiku-20240307-v1:0';
}

/** The default guardrail profile: the US one in the US Regions; elsewhere none (the Classic tier, docs/ai.md). */
export const defaultGuardrailProfileId = (region: string | undefined): string | undefined =>
  region !== undefined && (US_REGIONS as readonly string[]).includes(region) ? 'us.guardrail.v1:0' : undefined;

/** The geography prefixes of Bedrock's system-defined inference profiles. */
const GEOGRAPHIES = new Set(['us', 'us-gov', 'eu', 'apac', 'jp', 'au', 'ca']);

const regionList = (value: string | undefined): string[] | undefined => {
  const regions = value
    ?.split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  return regions && regions.length > 0 ? regions : undefined;
};

/** A model id as the stack calls it; a geographic profile needs its destination Regions (known, or given). */
export function modelChoice(modelId: string, destinations?: readonly string[]): ModelChoice {
  if (!/^[a-z0-9-]+(\.[\w-]+)+(:\d+(:\w+)?)?$/.test(modelId) || modelId.startsWith('arn:')) {
    throw new Error(`modelId must be a Bedrock model or inference profile id (e.g. us.amazon.nova-micro-v1:0), got ${modelId}`);
  }
  const [prefix, ...rest] = modelId.split('.');
  if (prefix === 'global') return { modelId, foundationModel: rest.join('.'), routing: { kind: 'global' } };
  if (GEOGRAPHIES.has(prefix!)) {
    const regions = destinations ?? knownModelProfiles[modelId];
    if (!regions) {
      throw new Error(
        `${modelId} is a cross-Region inference profile whose destination Regions are not known here: give them, e.g. -c modelRegions=us-east-1,us-east-2,us-west-2 (GetInferenceProfile lists them)`,
      );
    }
    return { modelId, foundationModel: rest.join('.'), routing: { kind: 'geographic', destinations: regions } };
  }
  return { modelId, foundationModel: modelId, routing: { kind: 'in-region' } };
}

/** The stack's context keys for the model, as strings (infra/app.ts). */
export interface ModelContext {
  modelId?: string;
  /** Comma-separated destination Regions of a geographic profile not known here. */
  modelRegions?: string;
  /** A guardrail profile id, or `none` for the Classic tier. */
  guardrailProfile?: string;
  guardrailProfileRegions?: string;
}

export interface ModelSettings {
  model: ModelChoice;
  guardrailProfile: GuardrailProfile | undefined;
}

/** The model and guardrail profile for a stack in `region` (undefined: not known at synth), with the context's overrides. */
export function modelSettings(region: string | undefined, context: ModelContext = {}): ModelSettings {
  const model = modelChoice(context.modelId ?? defaultModelId(region), regionList(context.modelRegions));
  const profileId = context.guardrailProfile ?? defaultGuardrailProfileId(region);
  if (profileId === undefined || profileId === 'none') return { model, guardrailProfile: undefined };
  const destinations = regionList(context.guardrailProfileRegions) ?? knownGuardrailProfiles[profileId];
  if (!destinations) {
    throw new Error(
      `guardrail profile ${profileId}'s destination Regions are not known here: give them, e.g. -c guardrailProfileRegions=eu-central-1,eu-west-1 (or -c guardrailProfile=none for the Classic tier)`,
    );
  }
  return { model, guardrailProfile: { id: profileId, destinations } };
}

interface ArnParts {
  partition: string;
  region: string;
  account: string;
}

/**
 * What `bedrock:InvokeModel` must allow for Converse to reach the model, and nothing else: the foundation model in the
 * Region; for a geographic profile, the profile and the model in each Region it routes to; for a global profile, the
 * profile, the model in the Region and the model's Region-less ARN (Bedrock's documented grants for each kind).
 */
export function modelInvokeArns(model: ModelChoice, t: ArnParts): string[] {
  const foundation = (region: string) => `arn:${t.partition}:bedrock:${region}::foundation-model/${model.foundationModel}`;
  const profile = `arn:${t.partition}:bedrock:${t.region}:${t.account}:inference-profile/${model.modelId}`;
  switch (model.routing.kind) {
    case 'in-region':
      return [foundation(t.region)];
    case 'geographic':
      return [profile, ...model.routing.destinations.map(foundation)];
    case 'global':
      return [profile, foundation(t.region), foundation('')];
  }
}

/** The guardrail-profile ARN the guardrail names (crossRegionConfig), in the stack's Region. */
export const guardrailProfileArn = (profile: GuardrailProfile, t: ArnParts): string =>
  `arn:${t.partition}:bedrock:${t.region}:${t.account}:guardrail-profile/${profile.id}`;

/** What `bedrock:ApplyGuardrail` must allow: the guardrail, and with a profile, the profile in each Region it routes to. */
export function guardrailApplyArns(guardrailArn: string, profile: GuardrailProfile | undefined, t: ArnParts): string[] {
  return [guardrailArn, ...(profile?.destinations ?? []).map((region) => guardrailProfileArn(profile!, { ...t, region }))];
}
