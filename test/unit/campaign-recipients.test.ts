// A campaign's recipients from a CSV file or a JSON list: the files spreadsheets export (`;` or `,`, BOM, CRLF, quoted
// cells), the line each recipient is reported on, the file errors that refuse an upload, and the recipients kept but
// IGNORADA (invalid or repeated phones).
import { describe, expect, it } from 'vitest';
import {
  MAX_RECIPIENTS,
  checkRecipients,
  numbered,
  parseRecipientsCsv,
  type CsvParse,
  type CsvRowError,
  type NumberedRecipient,
} from '#shared/domain/campaigns/recipients';

const rowsOf = (parsed: CsvParse): NumberedRecipient[] => {
  if (!parsed.ok) throw new Error(`expected a valid file, got ${JSON.stringify(parsed.errors)}`);
  return parsed.rows;
};
const errorsOf = (parsed: CsvParse): CsvRowError[] => {
  if (parsed.ok) throw new Error('expected the file to be refused');
  return parsed.errors;
};

describe('parseRecipientsCsv', () => {
  it('reads a file exported by Excel pt-BR (BOM, `;`, CRLF), the extra column a variable', () => {
    // Act
    const rows = rowsOf(parseRecipientsCsv('\uFEFFtelefone;nome;data_consulta\r\n+55 11 98888-7777;Maria da Silva;12/12/2026\r\n'));

    // Assess
    expect(rows).toEqual([
      { linha: 2, input: { telefone: '+55 11 98888-7777', nome: 'Maria da Silva', variaveis: { data_consulta: '12/12/2026' } } },
    ]);
  });

  it('reads a `,` file with LF endings and no BOM, a `;` in a cell being text', () => {
    const rows = rowsOf(parseRecipientsCsv('telefone,nome,obs\n+5511999998888,João,a;b\n+5521988887777,Ana,\n'));

    expect(rows.map((r) => r.input)).toEqual([
      { telefone: '+5511999998888', nome: 'João', variaveis: { obs: 'a;b' } },
      { telefone: '+5521988887777', nome: 'Ana', variaveis: { obs: '' } },
    ]);
  });

  it('reads quoted cells holding the separator, doubled quotes and a line break', () => {
    // Prepare
    const csv = 'telefone;nome;endereco;obs\r\n+5511999998888;"Silva; Maria";"Rua ""A"", 10";"linha 1\r\nlinha 2"\r\n';

    // Act
    const [row] = rowsOf(parseRecipientsCsv(csv));

    // Assess
    expect(row!.input).toEqual({
      telefone: '+5511999998888',
      nome: 'Silva; Maria',
      variaveis: { endereco: 'Rua "A", 10', obs: 'linha 1\nlinha 2' },
    });
  });

  it('matches telefone and nome whatever their case and spacing, and keeps variable names as written (trimmed)', () => {
    const [row] = rowsOf(parseRecipientsCsv(' Telefone ;NOME; Data Consulta \n  +5511999998888 ;  Maria  ;  12/12  \n'));

    expect(row!.input).toEqual({ telefone: '+5511999998888', nome: 'Maria', variaveis: { 'Data Consulta': '12/12' } });
  });

  it('leaves nome out when its cell is empty, keeps empty variables, and fills a short row with empty cells', () => {
    const rows = rowsOf(parseRecipientsCsv('telefone;nome;a;b\n+5511999998888;;x;\n+5521988887777\n'));

    expect(rows.map((r) => r.input)).toEqual([
      { telefone: '+5511999998888', variaveis: { a: 'x', b: '' } },
      { telefone: '+5521988887777', variaveis: { a: '', b: '' } },
    ]);
  });

  it('numbers each recipient with its physical line, past blank lines and multi-line quoted cells', () => {
    // Prepare: line 1 the header, 2 a recipient, 3 blank, 4-6 one recipient whose cell has two line breaks,
    // 7 an empty spreadsheet row, 8 a recipient, then a trailing empty line.
    const csv = [
      'telefone;nome;obs',
      '+5511999990001;Ana;x',
      '',
      '+5511999990002;Bia;"um',
      'dois',
      'tres"',
      ';;',
      '+5511999990003;Caio;y',
      '',
    ].join('\r\n');

    // Act
    const rows = rowsOf(parseRecipientsCsv(csv));

    // Assess
    expect(rows.map((r) => [r.linha, r.input.nome])).toEqual([
      [2, 'Ana'],
      [4, 'Bia'],
      [8, 'Caio'],
    ]);
    expect(rows[1]!.input.variaveis).toEqual({ obs: 'um\ndois\ntres' });
  });

  it('refuses a row with more cells than the header, naming its line', () => {
    const errors = errorsOf(parseRecipientsCsv('telefone;nome\n+5511999998888;Maria\n+5511999997777;Silva; Maria\n'));

    expect(errors).toEqual([{ linha: 3, erro: expect.stringMatching(/^line 3: 3 fields, the header has 2/) }]);
  });

  it('accepts trailing empty cells past the header (a trailing separator)', () => {
    const rows = rowsOf(parseRecipientsCsv('telefone;nome;\n+5511999998888;Maria;\n'));

    expect(rows[0]!.input).toEqual({ telefone: '+5511999998888', nome: 'Maria', variaveis: {} });
  });

  it('refuses a file without a telefone column', () => {
    const errors = errorsOf(parseRecipientsCsv('celular;nome\n+5511999998888;Maria\n'));

    expect(errors).toEqual([{ linha: 1, campo: 'telefone', erro: 'line 1: the header has no telefone column' }]);
  });

  it('refuses an empty or repeated column name, naming the column', () => {
    const errors = errorsOf(parseRecipientsCsv('telefone;;nome;Nome\n+5511999998888;x;Maria;M\n'));

    expect(errors).toEqual([
      { linha: 1, campo: 'coluna 2', erro: 'line 1: column 2 has no name' },
      { linha: 1, campo: 'Nome', erro: 'line 1: column Nome is repeated' },
    ]);
  });

  it('refuses a quote that is never closed, naming the line it opens on', () => {
    const errors = errorsOf(parseRecipientsCsv('telefone;nome\n+5511999998888;Maria\n+5511999997777;"Silva\n+5511999996666;Ana\n'));

    expect(errors).toEqual([{ linha: 3, erro: 'line 3: a quoted field is not closed' }]);
  });

  it.each([
    ['an empty file', ''],
    ['a file with only a BOM and blank lines', '\uFEFF\r\n\r\n'],
  ])('refuses %s', (_, csv) => {
    const errors = errorsOf(parseRecipientsCsv(csv));

    expect(errors).toEqual([{ linha: 1, erro: expect.stringMatching(/^line 1: the file is empty/) }]);
  });

  it('refuses a header with no recipient', () => {
    expect(errorsOf(parseRecipientsCsv('telefone;nome\r\n'))).toEqual([{ linha: 2, erro: 'line 2: no recipient after the header' }]);
  });

  it(`refuses more than ${MAX_RECIPIENTS} recipients, naming the limit, and accepts exactly ${MAX_RECIPIENTS}`, () => {
    // Prepare
    const file = (n: number) => ['telefone', ...Array.from({ length: n }, (_, i) => `+55119${String(i).padStart(8, '0')}`)].join('\n');

    // Act
    const errors = errorsOf(parseRecipientsCsv(file(MAX_RECIPIENTS + 1)));
    const rows = rowsOf(parseRecipientsCsv(file(MAX_RECIPIENTS)));

    // Assess
    expect(errors).toEqual([{ linha: 10_002, erro: 'line 10002: the file has 10001 recipients, at most 10000 are allowed' }]);
    expect(rows).toHaveLength(MAX_RECIPIENTS);
  });

  it('reports at most 20 row errors', () => {
    const csv = ['telefone', ...Array.from({ length: 30 }, () => '+5511999998888,x')].join('\n');

    const errors = errorsOf(parseRecipientsCsv(csv));

    expect(errors).toHaveLength(20);
    expect(errors[0]!.linha).toBe(2);
  });
});

describe('checkRecipients', () => {
  it('normalises phones, ignores invalid and repeated ones with their reason, and keeps the order', () => {
    // Prepare
    const csv = [
      'Telefone;Nome;data',
      '+55 11 99999-8888;Maria;12/12',
      '5511999997777;Sem DDI;13/12',
      '0055 11 99999 8888;Maria de novo;14/12',
      '+55 (21) 98888-7777;;15/12',
    ].join('\r\n');

    // Act
    const { recipients, totais } = checkRecipients(rowsOf(parseRecipientsCsv(csv)));

    // Assess
    expect(recipients).toEqual([
      { linha: 2, telefone: '+5511999998888', nome: 'Maria', variaveis: { data: '12/12' }, status: 'PENDENTE' },
      {
        linha: 3,
        telefone: '5511999997777',
        nome: 'Sem DDI',
        variaveis: { data: '13/12' },
        status: 'IGNORADA',
        motivo: 'TELEFONE_INVALIDO',
      },
      {
        linha: 4,
        telefone: '+5511999998888',
        nome: 'Maria de novo',
        variaveis: { data: '14/12' },
        status: 'IGNORADA',
        motivo: 'DUPLICADO',
      },
      { linha: 5, telefone: '+5521988887777', variaveis: { data: '15/12' }, status: 'PENDENTE' },
    ]);
    expect(totais).toEqual({ destinatarios: 4, pendentes: 2, ignoradas: 2 });
  });

  it('checks a JSON list numbered from 1, trimming an invalid phone and a name, variables defaulting to none', () => {
    // Act
    const { recipients, totais } = checkRecipients(
      numbered([
        { telefone: ' 11 99999-8888 ', nome: ' Ana ' },
        { telefone: '+5511999998888', variaveis: { x: '1' } },
      ]),
    );

    // Assess
    expect(recipients).toEqual([
      { linha: 1, telefone: '11 99999-8888', nome: 'Ana', variaveis: {}, status: 'IGNORADA', motivo: 'TELEFONE_INVALIDO' },
      { linha: 2, telefone: '+5511999998888', variaveis: { x: '1' }, status: 'PENDENTE' },
    ]);
    expect(totais).toEqual({ destinatarios: 2, pendentes: 1, ignoradas: 1 });
  });
});
