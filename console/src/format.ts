// How the console writes money, dates and phones: pt-BR, the way a Brazilian clinic reads them.
// Times are shown on the service's clock (São Paulo), whatever the browser's zone: the API's local
// date-times are São Paulo's wall clock, and an operator abroad reads the clinic's times.
/** The zone of the API's local date-times: UTC−3 all year (Brazil dropped daylight saving in 2019). */
export const SERVICE_TIME_ZONE = 'America/Sao_Paulo';
const SERVICE_OFFSET = '-03:00';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: SERVICE_TIME_ZONE });
const dateOnly = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: 'UTC' });
const isoDay = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: SERVICE_TIME_ZONE });

/** An API date-time as an instant: one without a zone (a local date-time) is São Paulo's wall clock. */
export const instant = (value: string): Date => new Date(/(Z|[+-]\d{2}:\d{2})$/.test(value) ? value : `${value}${SERVICE_OFFSET}`);

/** The calendar day (YYYY-MM-DD) of an instant on the service's clock. */
export const dayOf = (at: Date): string => isoDay.format(at);

/** `R$ 1.234,56` for the API's decimal strings ("1234.56"); the exact decimal is kept up to display. */
export const money = (value: string | number): string => brl.format(Number(value)).replace(/\u00a0/g, ' ');

/** An instant or a local date-time from the API, on the service's clock. */
export const when = (value: string | null | undefined): string => (value ? dateTime.format(instant(value)) : '—');

/** A calendar date (YYYY-MM-DD) as dd/mm/aaaa. */
export const day = (value: string): string => dateOnly.format(new Date(`${value}T00:00:00Z`));

/** Today's date (YYYY-MM-DD) on the service's clock. */
export const today = (): string => dayOf(new Date());

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

/** The day `days` after (or before, negative) a calendar date YYYY-MM-DD. */
export const addDays = (value: string, days: number): string => {
  const date = new Date(`${value}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
