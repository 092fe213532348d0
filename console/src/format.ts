// How the console writes money, dates and phones: pt-BR, the way a Brazilian clinic reads them.
const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: 'UTC' });

/** `R$ 1.234,56` for the API's decimal strings ("1234.56"); the exact decimal is kept up to display. */
export const money = (value: string | number): string => brl.format(Number(value)).replace(/\u00a0/g, ' ');

/** An instant or a local date-time from the API, as the operator's clock shows it. */
export const when = (value: string | null | undefined): string => (value ? dateTime.format(new Date(value)) : '—');

/** A calendar date (YYYY-MM-DD) as dd/mm/aaaa. */
export const day = (value: string): string => dateOnly.format(new Date(`${value}T00:00:00Z`));

/** Today's date (YYYY-MM-DD) on the operator's clock. */
export const today = (): string => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

/** A +E.164 phone as Brazilians write it (+55 11 98765-4321); any other country's stays as it came. */
export const phone = (value: string): string => {
  const br = /^\+55(\d{2})(\d{4,5})(\d{4})$/.exec(value);
  return br ? `+55 ${br[1]} ${br[2]}-${br[3]}` : value;
};

/** A CPF as 123.456.789-09 (anything that is not 11 digits stays as it came). */
export const cpf = (value: string): string => {
  const digits = /^(\d{3})(\d{3})(\d{3})(\d{2})$/.exec(value.replace(/\D/g, ''));
  return digits ? `${digits[1]}.${digits[2]}.${digits[3]}-${digits[4]}` : value;
};

/** A CPF with only its two check digits shown (***.***.***-09). */
export const maskedCpf = (value: string): string => {
  const digits = value.replace(/\D/g, '');
  return `***.***.***-${digits.slice(-2).padStart(2, '*')}`;
};

/** The time of an instant or local date-time (14:32). */
export const hour = (value: string): string =>
  new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' }).format(new Date(value));

/** The day `days` after (or before, negative) a calendar date YYYY-MM-DD. */
export const addDays = (value: string, days: number): string => {
  const date = new Date(`${value}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
