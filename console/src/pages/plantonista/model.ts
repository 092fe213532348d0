// What the physician portal's pages share: the API's types, the words for its codes (shifts, days of the
// week, the 27 UFs), and the masks of its text inputs (times, CEP, amounts).
import type { components } from '../../api/schema';
import { parseReais, typedReais } from '../aplicacoes/reais';

// From the schema itself, not the client: the unit tests load this file without a browser.
type Schemas = components['schemas'];

export type AvailabilityWindow = Schemas['PhysicianAvailabilityWindow'];
export type Profile = Schemas['PhysicianProfile'];
export type Address = Schemas['PhysicianAddress'];
export type SearchProfile = Schemas['PhysicianSearchProfile'];
export type Preference = Schemas['PhysicianPreference'];
export type Shift = Preference['turnos'][number];
export type WeekDay = SearchProfile['diasSemana'][number];
export type Uf = Address['uf'];

/** A period of hours (HH:MM to HH:MM), as the API takes it. */
export interface Period {
  inicio: string;
  fim: string;
}

export const shiftLabel: Record<Shift, string> = {
  MANHA: 'Manhã',
  TARDE: 'Tarde',
  NOITE: 'Noite',
  MADRUGADA: 'Madrugada',
};

/** The shifts in the API's order (the checkboxes' order). */
export const shiftOptions = Object.entries(shiftLabel) as [Shift, string][];

export const weekDayLabel: Record<WeekDay, string> = {
  SEG: 'Segunda-feira',
  TER: 'Terça-feira',
  QUA: 'Quarta-feira',
  QUI: 'Quinta-feira',
  SEX: 'Sexta-feira',
  SAB: 'Sábado',
  DOM: 'Domingo',
};

export const weekDayOptions = Object.entries(weekDayLabel) as [WeekDay, string][];

/** Brazil's 26 states and the Federal District, by their UF (the API's `uf`), in alphabetical order of name. */
export const ufLabel: Record<Uf, string> = {
  AC: 'Acre',
  AL: 'Alagoas',
  AP: 'Amapá',
  AM: 'Amazonas',
  BA: 'Bahia',
  CE: 'Ceará',
  DF: 'Distrito Federal',
  ES: 'Espírito Santo',
  GO: 'Goiás',
  MA: 'Maranhão',
  MT: 'Mato Grosso',
  MS: 'Mato Grosso do Sul',
  MG: 'Minas Gerais',
  PA: 'Pará',
  PB: 'Paraíba',
  PR: 'Paraná',
  PE: 'Pernambuco',
  PI: 'Piauí',
  RJ: 'Rio de Janeiro',
  RN: 'Rio Grande do Norte',
  RS: 'Rio Grande do Sul',
  RO: 'Rondônia',
  RR: 'Roraima',
  SC: 'Santa Catarina',
  SP: 'São Paulo',
  SE: 'Sergipe',
  TO: 'Tocantins',
};

/** The UF select's options: "SP — São Paulo". */
export const ufOptions = (Object.entries(ufLabel) as [Uf, string][]).map(([uf, name]) => [uf, `${uf} — ${name}`] as const);

/** A time as it is typed: digits only, the colon put in (0700 → 07:00). */
export function maskTime(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

/** A CEP as it is typed: digits only, the dash put in (01310100 → 01310-100). */
export function maskCep(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

/**
 * An amount as the API takes it ("1500.00") from how a Brazilian types it ("1.500,00", "1500,5", "R$ 1500"):
 * blank is null (any value); what is no amount goes as typed, for the API to refuse it beside its field.
 */
export const amount = (text: string): string | null => (text.trim() ? (parseReais(text) ?? text.trim()) : null);

/** An amount of the API ("1500.00") as its field shows it ("1500,00"); none is blank. */
export const amountField = (value: string | null): string => (value ? typedReais(value) : '');

/** A blank text as null (optional fields the API takes as null). */
export const orNull = (text: string): string | null => (text.trim() ? text.trim() : null);
