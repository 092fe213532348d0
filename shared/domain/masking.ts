// Personal data as Brazilian services show it back to its owner: enough to recognise it, not enough
// to copy it (a screenshot or a shoulder must not leak a CPF). Pure; used by the patient app and the
// physician portal.

/** `***.456.789-**`: the middle six digits of a CPF, as the federal services show it. */
export const maskCpf = (cpf: string | null): string | null =>
  cpf && /^\d{11}$/.test(cpf) ? `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**` : null;

/** `+55 11 *****-4321`: country and area code, and the last four digits. */
export function maskPhone(phone: string | null): string | null {
  if (!phone) return null;
  const br = /^\+55(\d{2})\d+(\d{4})$/.exec(phone);
  if (br) return `+55 ${br[1]} *****-${br[2]}`;
  return phone.length > 4 ? `${'*'.repeat(phone.length - 4)}${phone.slice(-4)}` : '****';
}

/** `j***@example.com`: the first letter of the local part and the domain. */
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** `***456/SP`: the last three digits of a registration number, and its state. */
export function maskRegistration(numero: string | null, uf: string | null): string | null {
  if (!numero) return null;
  const tail = numero.slice(-3);
  return `***${tail}${uf ? `/${uf}` : ''}`;
}
