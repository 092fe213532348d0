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

/** A JSON list's recipients, numbered from 1 in the order given. */
export const numbered = (list: readonly RecipientInput[]): NumberedRecipient[] => list.map((input, i) => ({ linha: i + 1, input }));

interface CsvRecord {
  /** The physical line the record starts on, so a spreadsheet user can find it. */
  linha: number;
  cells: string[];
}

const isBlank = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

/**
 * The file's records, blank ones left out. A quote opens a field only at its start; inside it, separators and line
 * breaks are text and `""` is one quote. Line breaks are counted wherever they are, so each record keeps its line.
 */
function records(text: string, separator: string): CsvRecord[] | CsvRowError {
  const out: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRecord = () => {
    cells.push(cell);
    // A blank line, or a row of empty cells (`;;`, as spreadsheets export formatted but empty rows), is no recipient.
    if (!isBlank(cells)) out.push({ linha: start, cells });
    [cells, cell] = [[], ''];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const crlf = c === '\r' && text[i + 1] === '\n';
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else if (c === '\n' || c === '\r') {
        // A line break inside a cell is kept as \n whatever the file's line endings.
        if (crlf) i++;
        cell += '\n';
        line++;
      } else cell += c;
    } else if (c === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (c === separator) {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (crlf) i++;
      endRecord();
      start = ++line;
    } else cell += c;
  }
  if (quoted) return { linha: start, erro: `line ${start}: a quoted field is not closed` };
  endRecord();
  return out;
}

/** Brazilian spreadsheets export `;` (the comma is the decimal mark), others `,`: the header row says which. */
function separatorOf(text: string): ';' | ',' {
  const header = /[^\r\n]*\S[^\r\n]*/.exec(text)?.[0] ?? ''; // the first line that is not blank
  return header.includes(';') ? ';' : ',';
}

/** The recipients of a CSV file, each with its line, or the file's errors (up to 20) with their lines and columns. */
export function parseRecipientsCsv(text: string): CsvParse {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const separator = separatorOf(body);
  const parsed = records(body, separator);
  if (!Array.isArray(parsed)) return { ok: false, errors: [parsed] };
  const [header, ...rows] = parsed;
  if (!header) {
    return {
      ok: false,
      errors: [{ linha: 1, erro: `line 1: the file is empty: it needs a header row telefone${separator}nome and one row per recipient` }],
    };
  }

  const errors: CsvRowError[] = [];
  const names = header.cells.map((n) => n.trim());
  // A trailing separator on the header (an empty column at the end) names nothing: not an error.
  while (names.length > 1 && names.at(-1) === '') names.pop();
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
  if (rows.length === 0) errors.push({ linha: header.linha + 1, erro: `line ${header.linha + 1}: no recipient after the header` });
  if (rows.length > MAX_RECIPIENTS) {
    const linha = rows[MAX_RECIPIENTS]!.linha;
    errors.push({ linha, erro: `line ${linha}: the file has ${rows.length} recipients, at most ${MAX_RECIPIENTS} are allowed` });
  }
  if (errors.length > 0) return { ok: false, errors: errors.slice(0, MAX_ERRORS) };

  const out: NumberedRecipient[] = [];
  for (const row of rows) {
    // Extra cells that hold something mean an unquoted separator inside a field: the columns would shift.
    if (!isBlank(row.cells.slice(names.length))) {
      errors.push({
        linha: row.linha,
        erro: `line ${row.linha}: ${row.cells.length} fields, the header has ${names.length} (a ${separator} inside a field needs quotes)`,
      });
      if (errors.length >= MAX_ERRORS) break;
      continue;
    }
    // Missing cells are empty; every variable is kept, even empty, so a template sees every column.
    const cellAt = (i: number) => (row.cells[i] ?? '').trim();
    // fromEntries, so that a column named `__proto__` is a variable like any other.
    const variaveis: Record<string, string> = Object.fromEntries(
      names.flatMap((name, i): [string, string][] => (i === phoneAt || i === nameAt ? [] : [[name, cellAt(i)]])),
    );
    const nome = nameAt >= 0 ? cellAt(nameAt) : '';
    out.push({ linha: row.linha, input: { telefone: cellAt(phoneAt), ...(nome ? { nome } : {}), variaveis } });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, rows: out };
}

/** Each recipient's phone normalised; the first of a phone PENDENTE, its repeats and invalid phones IGNORADA with why. */
export function checkRecipients(rows: readonly NumberedRecipient[]): {
  recipients: CheckedRecipient[];
  totais: { destinatarios: number; pendentes: number; ignoradas: number };
} {
  const seen = new Set<string>();
  const recipients = rows.map(({ linha, input }): CheckedRecipient => {
    const nome = input.nome?.trim();
    const base = { linha, ...(nome ? { nome } : {}), variaveis: input.variaveis ?? {} };
    const telefone = normalizePhone(input.telefone);
    if (!telefone) return { ...base, telefone: input.telefone.trim(), status: 'IGNORADA', motivo: 'TELEFONE_INVALIDO' };
    if (seen.has(telefone)) return { ...base, telefone, status: 'IGNORADA', motivo: 'DUPLICADO' };
    seen.add(telefone);
    return { ...base, telefone, status: 'PENDENTE' };
  });
  const pendentes = recipients.filter((r) => r.status === 'PENDENTE').length;
  return { recipients, totais: { destinatarios: recipients.length, pendentes, ignoradas: recipients.length - pendentes } };
}
