// An amount in reais as an operator types it, to the API's decimal string: "1.234,56" (pt-BR),
// "1234,56", "1234.56" and "R$ 10" are all understood; what is not an amount of at most two decimal
// places is undefined (the page says so beside the field instead of guessing).
const PT_BR = /^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+(,\d{1,2})?$/;
const THOUSANDS_ONLY = /^\d{1,3}(\.\d{3})+$/;
const PLAIN = /^\d+(\.\d{1,2})?$/;

export function parseReais(typed: string): string | undefined {
  let text = typed.trim().replace(/^R\$/i, '').replace(/\s/g, '');
  if (text === '') return undefined;
  if (text.includes(',')) {
    // pt-BR: the comma is the decimal separator, dots group thousands.
    if (!PT_BR.test(text)) return undefined;
    text = text.replace(/\./g, '').replace(',', '.');
  } else if (THOUSANDS_ONLY.test(text)) {
    // "1.234" is a thousand and more in Brazil, never 1.234 reais (three places are no amount).
    text = text.replace(/\./g, '');
  } else if (!PLAIN.test(text)) return undefined;
  const [whole = '0', fraction = ''] = text.split('.');
  return `${whole.replace(/^0+(?=\d)/, '')}.${fraction.padEnd(2, '0')}`;
}

/** The API's decimal string as a pt-BR input shows it ("1234.50" -> "1234,50"). */
export const typedReais = (decimal: string): string => decimal.replace('.', ',');
