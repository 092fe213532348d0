// Typed reads of a stored item's fields. Each record has one small mapper (toSector, toPatient...) that
// builds it from its item field by field with these readers, instead of a cast: an item that does not
// hold what its record says (a field absent, of another type, a word outside its list) fails at the
// read with a MalformedItem naming the item's key and the field, not later as a wrong value somewhere
// else. The error never quotes a value (items hold personal data), only what kind of value it found.
//
//   const toSector = (item: Item): Sector => {
//     const f = fieldsOf(item);
//     return { id: f.read('id', number), nome: f.read('nome', string), numeros: f.orElse('numeros', listOf(string), []), ... };
//   };
import { NumberValue } from '@aws-sdk/lib-dynamodb';

export type Item = Record<string, unknown>;

/** A stored item that does not hold what its record says. */
export class MalformedItem extends Error {
  override name = 'MalformedItem';
}

/** Where a value was read: the item's key, and the path of the value within it. */
export class Place {
  constructor(
    readonly key: string,
    readonly path: string,
  ) {}

  /** The place of a field of the map read here. */
  field = (name: string): Place => new Place(this.key, this.path ? `${this.path}.${name}` : name);

  /** The place of an element of the list read here. */
  element = (index: number): Place => new Place(this.key, `${this.path}[${index}]`);

  refuse(expected: string, value: unknown): never {
    throw new MalformedItem(`stored item ${this.key}: ${this.path || 'the item'} is ${kindOf(value)}, expected ${expected}`);
  }
}

/** What a value is, in words, without the value itself. */
function kindOf(value: unknown): string {
  if (value === undefined) return 'absent';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (value instanceof NumberValue) return 'a decimal number';
  if (value instanceof Uint8Array) return 'binary';
  if (value instanceof Set) return 'a set';
  if (typeof value === 'string' && value !== '' && Number.isFinite(Number(value))) return 'a string of digits';
  return typeof value === 'object' ? 'a map' : `a ${typeof value}`;
}

/** Reads one value, or refuses it naming its place. */
export type Read<T> = (value: unknown, at: Place) => T;

export const string: Read<string> = (value, at) => (typeof value === 'string' ? value : at.refuse('a string', value));

/**
 * A number the record types as `number`. The document client returns an integer as a number and a fraction (or an
 * integer past 2^53) as an exact NumberValue (shared/db/client.ts); such a value is taken as the nearest float, as
 * `Number()` took it. Money never comes through here: it is read as its decimal text (shared/db/numbers.ts).
 */
export const number: Read<number> = (value, at) => {
  if (typeof value === 'number') return value;
  if (value instanceof NumberValue) return Number(value.toString());
  return at.refuse('a number', value);
};

/** A stored number as its exact decimal text ("5", "0.005"), for money: shared/db/numbers.ts formats it. */
export const decimal: Read<string> = (value, at) => {
  if (typeof value === 'number' || value instanceof NumberValue) return value.toString();
  return at.refuse('a number', value);
};

export const boolean: Read<boolean> = (value, at) => (typeof value === 'boolean' ? value : at.refuse('a boolean', value));

/** A word of a closed list (a status, a role...): the domain's own list of them (`oneOf(messageStatuses)`). */
export const oneOf = <T extends string>(values: readonly T[]): Read<T> => {
  const isOne = (value: unknown): value is T => values.some((word) => word === value);
  return (value, at) => (isOne(value) ? value : at.refuse(`one of ${values.join(', ')}`, value));
};

/**
 * The whole list of a union of words that has no list to import (a type only): `wordsOf<FlowDue>()(['processar', ...])`.
 * A word of the union left out, or one not in it, is a compile error, so the list cannot drift from the type.
 */
export const wordsOf =
  <T extends string>() =>
  <const L extends readonly T[]>(list: L & ([T] extends [L[number]] ? unknown : 'a word of the type is missing')): L =>
    list;

/**
 * The value, or null. An absent field reads as null too: an item written before the field existed (or by a writer
 * that leaves nulls out) means "none", and refusing it would turn every read of old data into a 500.
 */
export const nullable =
  <T>(read: Read<T>): Read<T | null> =>
  (value, at) =>
    value === null || value === undefined ? null : read(value, at);

/** A list, each element read by `read`. */
export const listOf =
  <T>(read: Read<T>): Read<T[]> =>
  (value, at) =>
    Array.isArray(value) ? value.map((element, i) => read(element, at.element(i))) : at.refuse('a list', value);

/** A map, read by its own mapper (a record nested in the item). */
export const map =
  <T>(mapper: (fields: Fields) => T): Read<T> =>
  (value, at) =>
    isMap(value) ? mapper(new Fields(value, at)) : at.refuse('a map', value);

/**
 * A map read by its own mapper, with the fields the mapper does not name kept as stored: a record that may carry
 * more than its type says (an availability window a booking wrote), whose extra fields a rewrite must not drop.
 */
export const openMap =
  <T extends object>(mapper: (fields: Fields) => T): Read<Item & T> =>
  (value, at) =>
    isMap(value) ? { ...value, ...mapper(new Fields(value, at)) } : at.refuse('a map', value);

/** A string holding JSON (a body kept as received), parsed; text that is not JSON is refused, never quoted. */
export const jsonText: Read<unknown> = (value, at) => {
  const text = string(value, at);
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed;
  } catch {
    return at.refuse('JSON text', value);
  }
};

/** A map of strings (free-form details), each value checked. */
export const stringMap: Read<Record<string, string>> = (value, at) =>
  isMap(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, string(v, at.field(k))])) : at.refuse('a map', value);

const isMap = (value: unknown): value is Item =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  !(value instanceof NumberValue) &&
  !(value instanceof Uint8Array) &&
  !(value instanceof Set);

/** The fields of one map (a stored item, or a map nested in it), each read at its place. */
export class Fields {
  constructor(
    private readonly values: Item,
    private readonly at: Place,
  ) {}

  /** Whether the field is stored at all (null counts as stored). */
  has = (name: string): boolean => this.values[name] !== undefined;

  /** A field the record always has. */
  read<T>(name: string, read: Read<T>): T {
    return read(this.values[name], this.at.field(name));
  }

  /** A field that may be absent (or null), then `fallback`: what `?? fallback` read before. */
  orElse<T, F>(name: string, read: Read<T>, fallback: F): T | F {
    const value = this.values[name];
    return value === undefined || value === null ? fallback : read(value, this.at.field(name));
  }

  /**
   * A field the record may leave out, to spread into it: `{ [name]: value }` when the item has it, `{}` when it
   * has not, so an absent field stays absent (not `undefined`, not null).
   */
  ifPresent<K extends string, T>(name: K, read: Read<T>): { [P in K]?: T } {
    const value = this.values[name];
    const present: { [P in K]?: T } = {};
    if (value !== undefined) present[name] = read(value, this.at.field(name));
    return present;
  }
}

/** The fields of a stored item, its key naming it in any refusal. */
export const fieldsOf = (item: Item): Fields => new Fields(item, new Place(keyOf(item), ''));

const keyOf = (item: Item): string =>
  typeof item.pk === 'string' ? `${item.pk} ${typeof item.sk === 'string' ? item.sk : ''}`.trim() : '(keys not read)';
