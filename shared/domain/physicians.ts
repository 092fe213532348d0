// The on-call physician's (plantonista) own records in the physician portal: preferences per
// secretariat, the profile (personal data shown masked; contact, address and specialty editable, the
// address geocoded) and the vacancy-search profile. Each belongs to the token's physician only.

export const shifts = ['MANHA', 'TARDE', 'NOITE', 'MADRUGADA'] as const;
export type Shift = (typeof shifts)[number];

export const weekDays = ['SEG', 'TER', 'QUA', 'QUI', 'SEX', 'SAB', 'DOM'] as const;
export type WeekDay = (typeof weekDays)[number];

export const brazilianStates = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO',
  'RR', 'SC', 'SP', 'SE', 'TO',
] as const; // prettier-ignore
export type BrazilianState = (typeof brazilianStates)[number];

export interface PhysicianPreference {
  secretariaId: string;
  turnos: Shift[];
  unidades: string[];
  /** Decimal string in BRL ("1500.00"), or null for no minimum. */
  valorMinimo: string | null;
  ativo: boolean;
  atualizadoEm: string;
}

export interface Address {
  logradouro: string;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  cidade: string;
  uf: BrazilianState;
  cep: string | null;
}

export interface PhysicianProfile {
  nome: string;
  cpf: string | null;
  /** The regional medical council registration (CRM) number and its state. */
  crm: string | null;
  crmUf: string | null;
  telefone: string | null;
  email: string | null;
  especialidade: string | null;
  endereco: Address | null;
  localizacao: { latitude: number; longitude: number } | null;
  atualizadoEm: string;
  versao: number;
}

/** A period of the day: a named shift or explicit hours. */
export type SearchPeriod = Shift | { inicio: string; fim: string };

export interface SearchProfile {
  diasSemana: WeekDay[];
  /** Decimal string in BRL, or null for any value. */
  valorMinimoPorTurno: string | null;
  raioKm: number | null;
  periodos: SearchPeriod[];
  atualizadoEm: string | null;
}

export const emptySearchProfile: SearchProfile = {
  diasSemana: [],
  valorMinimoPorTurno: null,
  raioKm: null,
  periodos: [],
  atualizadoEm: null,
};

export interface PhysicianRepository {
  activePreferences(aplicacaoId: number, userId: number): Promise<PhysicianPreference[]>;
  putPreference(aplicacaoId: number, userId: number, preference: PhysicianPreference): Promise<void>;
  profile(aplicacaoId: number, userId: number): Promise<PhysicianProfile | undefined>;
  /** Conditioned on `before`'s version (absent: on no profile yet); false when it changed meanwhile. */
  saveProfile(aplicacaoId: number, userId: number, before: PhysicianProfile | undefined, after: PhysicianProfile): Promise<boolean>;
  searchProfile(aplicacaoId: number, userId: number): Promise<SearchProfile | undefined>;
  putSearchProfile(aplicacaoId: number, userId: number, profile: SearchProfile): Promise<void>;
}
