// A campaign's recipients as a clinic gives them: a JSON list, or a CSV file exported from a spreadsheet (a header row
// `telefone,nome,...`, every other column a variable; UTF-8 with or without a BOM; `;` as Excel pt-BR exports, or `,`;
// RFC 4180 quoting). A malformed file is refused with its lines named; a recipient that cannot be sent to (an invalid
// or repeated phone) is kept, IGNORADA with its reason, so the campaign reports it.
import { normalizePhone } from '#shared/domain/phone';

export const MAX_RECIPIENTS = 10_000;
/** Errors reported of a malformed file: enough to fix it, not the whole file back. */
const MAX_ERRORS = 20;

export interface RecipientInput {
  telefone: string;
  nome?: string;
  variaveis?: Record<string, string>;
}

/** A recipient with its place: its position in the list (from 1), or its line in the CSV file (the header is line 1). */
export interface NumberedRecipient {
  linha: number;
  input: RecipientInput;
}

export interface CheckedRecipient {
  linha: number;
  /** +E.164 when valid, otherwise as given (trimmed). */
  telefone: string;
  nome?: string;
  variaveis: Record<string, string>;
  status: 'PENDENTE' | 'IGNORADA';
  motivo?: 'TELEFONE_INVALIDO' | 'DUPLICADO';
}

export interface CsvRowError {
  linha: number;
  campo?: string;
  erro: string;
}

export type CsvParse = { ok: true; rows: NumberedRecipient[] } | { ok: false; errors: CsvRowError[] };

/** The file's records, each with the line it starts on; quotes may hold separators, quotes (doubled) and line breaks. */
function records(text: string, separator: string): { linha: number; cells: string[] }[] | CsvRowError {
  const out: { linha: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let started = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        cell += c;
      }
      continue;
    }
    if (c === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
      started = true;
    } else if (c === separator) {
      cells.push(cell);
      cell = '';
      started = true;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      cells.push(cell);
      if (started || cells.some((v) => v.trim() !== '')) out.push({ linha: start, cells });
      [cells, cell, started] = [[], '', false];
      line++;
      start = line;
    } else {
      cell += c;
      if (c.trim() !== '') started = true;
    }
  }
  if (quoted) return { linha: start, erro: `line ${start}: a quoted field is not closed` };
  cells.push(cell);
  if (started || cells.some((v) => v.trim() !== '')) out.push({ linha: start, cells });
  return out;
}

/** The recipients of a CSV file, or every error found (up to 20) with its line and column. */
export function parseRecipientsCsv(text: string): CsvParse {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  // Brazilian spreadsheets export `;` (the comma is the decimal mark); others `,`. The header says which.
  const separator = firstLine.includes(';') ? ';' : ',';
  const parsed = records(body, separator);
  if (!Array.isArray(parsed)) return { ok: false, errors: [parsed] };
  const [header, ...rows] = parsed;
  if (!header)
    return { ok: false, errors: [{ linha: 1, erro: 'the file is empty: a header row `telefone;nome;...` and one row per recipient' }] };

  const errors: CsvRowError[] = [];
  const names = header.cells.map((n) => n.trim());
  const seen = new Set<string>();
  names.forEach((name, i) => {
    const key = name.toLowerCase();
    if (!name) errors.push({ linha: header.linha, campo: `coluna ${i + 1}`, erro: `line ${header.linha}: column ${i + 1} has no name` });
    else if (seen.has(key)) errors.push({ linha: header.linha, campo: name, erro: `line ${header.linha}: column ${name} is repeated` });
    seen.add(key);
  });
  const phoneAt = names.findIndex((n) => n.toLowerCase() === 'telefone');
  const nameAt = names.findIndex((n) => n.toLowerCase() === 'nome');
  if (phoneAt < 0) errors.push({ linha: header.linha, campo: 'telefone', erro: `line ${header.linha}: the header has no telefone column` });
  if (rows.length === 0)
    errors.push({ linha: header.linha + 1, erro: 'the file has no recipient: one row per recipient after the header' });
  if (rows.length > MAX_RECIPIENTS) {
    errors.push({ linha: rows[MAX_RECIPIENTS]!.linha, erro: `the file has ${rows.length} recipients: at most ${MAX_RECIPIENTS}` });
  }
  if (errors.length > 0) return { ok: false, errors: errors.slice(0, MAX_ERRORS) };

  const out: NumberedRecipient[] = [];
  for (const row of rows) {
    if (row.cells.length > names.length) {
      errors.push({
        linha: row.linha,
        erro: `line ${row.linha}: ${row.cells.length} fields, the header has ${names.length} (a ${separator} inside a field needs quotes)`,
      });
      if (errors.length >= MAX_ERRORS) break;
      continue;
    }
    const cellAt = (i: number) => (row.cells[i] ?? '').trim();
    const variaveis: Record<string, string> = {};
    names.forEach((name, i) => {
      if (i !== phoneAt && i !== nameAt) variaveis[name] = cellAt(i);
    });
    const nome = nameAt >= 0 ? cellAt(nameAt) : '';
    out.push({ linha: row.linha, input: { telefone: cellAt(phoneAt), ...(nome ? { nome } : {}), variaveis } });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, rows: out };
}

/** Each recipient's phone normalised; the first of a phone PENDENTE, its repeats and invalid phones IGNORADA with why. */
export function checkRecipients(rows: readonly NumberedRecipient[]): { recipients: CheckedRecipient[] } {
  const seen = new Set<string>();
  const recipients = rows.map(({ linha, input }): CheckedRecipient => {
    const base = { linha, ...(input.nome?.trim() ? { nome: input.nome.trim() } : {}), variaveis: input.variaveis ?? {} };
    const telefone = normalizePhone(input.telefone);
    if (!telefone) return { ...base, telefone: input.telefone.trim(), status: 'IGNORADA', motivo: 'TELEFONE_INVALIDO' };
    if (seen.has(telefone)) return { ...base, telefone, status: 'IGNORADA', motivo: 'DUPLICADO' };
    seen.add(telefone);
    return { ...base, telefone, status: 'PENDENTE' };
  });
  return { recipients };
}
