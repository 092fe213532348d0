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
