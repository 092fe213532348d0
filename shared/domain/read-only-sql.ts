// The read-only SQL check of an integration's saved queries (docs/agent.md, "The SQL check").
//
// A guard against mistakes and against SQL planted to write through a read, not the security boundary:
// the agent runs each query in a read-only transaction with a read-only database account. Still, it is
// written so that a statement cannot hide a write from it: the text is read once per way a database may
// read it (backslash escapes or not, MySQL's `#` comments, SQL Server's [identifiers]) and must pass every
// reading; constructs only one database understands and that could hide text from the others (dollar
// quotes, q'[...]', nested comments, MySQL's and MariaDB's executable comments, optimizer hints, PostgreSQL's
// U&"..." escapes) are refused.
//
// Keyword lists with a tokenizer, not a SQL parser: docs/decisions.md, "The read-only SQL check: keyword
// lists, not a parser (measured)". Each forbidden construct comes from its vendor's documentation (the
// pages are named beside each list); test/unit/read-only-sql.test.ts holds their examples.

/**
 * Statements and clauses that write, lock, run code or change the schema, in any database: `INTO`
 * because SELECT ... INTO creates a table (SQL Server, PostgreSQL) or writes variables or a file on the
 * server (MySQL/MariaDB `INTO OUTFILE`, `INTO DUMPFILE`: https://dev.mysql.com/doc/refman/8.4/en/select-into.html,
 * https://mariadb.com/docs/server/reference/sql-statements/data-manipulation/selecting-data/select-into-dumpfile);
 * `EXEC`/`EXECUTE` run a procedure or a string (SQL Server `EXEC ('...')`:
 * https://learn.microsoft.com/sql/t-sql/language-elements/execute-transact-sql; Firebird `EXECUTE STATEMENT`);
 * `COPY` reads or writes server files and programs (PostgreSQL `COPY ... TO PROGRAM`:
 * https://www.postgresql.org/docs/current/sql-copy.html).
 */
export const forbiddenKeywords = [
  'INSERT',
  'UPDATE',
  'DELETE',
  'MERGE',
  'UPSERT',
  'REPLACE',
  'DROP',
  'ALTER',
  'CREATE',
  'TRUNCATE',
  'GRANT',
  'REVOKE',
  'EXEC',
  'EXECUTE',
  'CALL',
  'COPY',
  'LOCK',
  'INTO',
  'OUTFILE',
  'DUMPFILE',
] as const;

/**
 * Functions a SELECT may call that run SQL given as text (which no check of ours reads), or reach the
 * server's files, programs or other servers. Matched as words of the code and as the whole text of a
 * quoted identifier (PostgreSQL calls `"dblink_exec"(...)` too), in any case.
 */
export const forbiddenCalls: Readonly<Record<string, string>> = {
  // SQL Server rowset functions: a query string run on a linked server or an ad hoc connection.
  // https://learn.microsoft.com/sql/t-sql/functions/openquery-transact-sql,
  // https://learn.microsoft.com/sql/t-sql/functions/openrowset-transact-sql,
  // https://learn.microsoft.com/sql/t-sql/functions/opendatasource-transact-sql
  OPENQUERY: 'it runs SQL given as text on another server',
  OPENROWSET: 'it runs SQL given as text on another server or reads a server file',
  OPENDATASOURCE: 'it connects to another server',
  // PostgreSQL dblink: https://www.postgresql.org/docs/current/contrib-dblink-exec.html (and dblink_*).
  DBLINK: 'it runs SQL given as text on another database',
  // PostgreSQL functions that run the query passed as text:
  // https://www.postgresql.org/docs/current/functions-xml.html (query_to_xml and its kin),
  // https://www.postgresql.org/docs/current/textsearch-features.html (ts_stat).
  QUERY_TO_XML: 'it runs SQL given as text',
  QUERY_TO_XMLSCHEMA: 'it runs SQL given as text',
  QUERY_TO_XML_AND_XMLSCHEMA: 'it runs SQL given as text',
  TS_STAT: 'it runs SQL given as text',
  // PostgreSQL server files and large objects: https://www.postgresql.org/docs/current/functions-admin.html
  // (generic file access), https://www.postgresql.org/docs/current/lo-funcs.html (lo_import/lo_export
  // read and write server files; the others create, change or delete large objects).
  PG_READ_FILE: 'it reads a file of the database server',
  PG_READ_BINARY_FILE: 'it reads a file of the database server',
  PG_LS_DIR: 'it lists a directory of the database server',
  PG_STAT_FILE: 'it reads a file of the database server',
  LO_IMPORT: 'it reads a file of the database server',
  LO_EXPORT: 'it writes a file on the database server',
  LO_UNLINK: 'it deletes a large object',
  LO_CREATE: 'it creates a large object',
  LO_CREAT: 'it creates a large object',
  LO_FROM_BYTEA: 'it creates a large object',
  LO_PUT: 'it writes a large object',
  // MySQL/MariaDB: https://dev.mysql.com/doc/refman/8.4/en/string-functions.html#function_load-file
  LOAD_FILE: 'it reads a file of the database server',
  // Oracle packages that run a query given as text, or reach files and the network:
  // https://docs.oracle.com/en/database/oracle/oracle-database/23/arpls/DBMS_XMLGEN.html (and DBMS_XMLQUERY,
  // DBMS_SQL), https://docs.oracle.com/en/database/oracle/oracle-database/23/arpls/UTL_FILE.html, UTL_HTTP,
  // UTL_TCP, UTL_SMTP.
  DBMS_XMLGEN: 'it runs SQL given as text',
  DBMS_XMLQUERY: 'it runs SQL given as text',
  DBMS_SQL: 'it runs SQL given as text',
  UTL_FILE: 'it reads and writes files of the database server',
  UTL_HTTP: 'it reaches other servers',
  UTL_TCP: 'it reaches other servers',
  UTL_SMTP: 'it reaches other servers',
};

/**
 * Name prefixes of the same kind: SQL Server's extended stored procedures (`xp_cmdshell` runs a shell
 * command: https://learn.microsoft.com/sql/relational-databases/system-stored-procedures/xp-cmdshell-transact-sql;
 * `xp_dirtree`, `xp_regread`, ...) and PostgreSQL's dblink functions (`dblink_exec`, `dblink_open`, ...).
 */
const forbiddenCallPrefixes: Readonly<Record<string, string>> = {
  XP_: 'it is an extended stored procedure of the database server',
  DBLINK_: 'it runs SQL given as text on another database',
};

const FORBIDDEN = new Set<string>(forbiddenKeywords);
/** Also string/number functions (MySQL's REPLACE(s, a, b), TRUNCATE(x, d)): allowed when a `(` follows. */
const FUNCTIONS_TOO = new Set(['REPLACE', 'TRUNCATE']);

/** Why calling `name` is refused, or undefined. */
function callProblem(name: string): string | undefined {
  const upper = name.toUpperCase();
  const why = forbiddenCalls[upper] ?? Object.entries(forbiddenCallPrefixes).find(([prefix]) => upper.startsWith(prefix))?.[1];
  return why && `must only read: ${upper} is not allowed (${why})`;
}

/** How one database reads the text. */
interface Reading {
  /** Backslash escapes in '...' and "...": in none, in all (MySQL), or only in E'...' (PostgreSQL). */
  backslash: 'none' | 'all' | 'e-strings';
  /** MySQL: `#` starts a comment, `--` only when a space follows. */
  mysql: boolean;
  /** SQL Server: [quoted identifiers]. */
  brackets: boolean;
}

const identifierChar = /[\p{L}\p{N}_$]/u;
/** A [quoted identifier] of words and spaces only. */
const simpleBracketed = /^\[[\p{L}\p{N}_$ ]{1,256}\]/u;
const isIdentifierChar = (c: string | undefined) => c !== undefined && identifierChar.test(c);

/** The code (every comment and literal replaced by a space) and the text of each quoted identifier; or why the text cannot be read. */
type Stripped = { code: string; quoted: string[] } | { problem: string };

const EXECUTABLE_COMMENT = 'must not use executable comments (/*! ... */, /*M! ... */)';
const OPTIMIZER_HINT = 'must not use optimizer hints (/*+ ... */, --+)';

/**
 * A comment that some database does not take for a comment: MySQL's and MariaDB's executable comments
 * (`/*!`, `/*!50110`, `/*M!`, `/*M!100100`: https://dev.mysql.com/doc/refman/8.4/en/comments.html,
 * https://mariadb.com/docs/server/reference/sql-statements/comment-syntax) run their text; optimizer hints
 * (`/*+`: https://dev.mysql.com/doc/refman/8.4/en/optimizer-hints.html, whose SET_VAR changes a session
 * variable for the statement; Oracle's `/*+` and `--+`:
 * https://docs.oracle.com/en/database/oracle/oracle-database/23/sqlrf/Comments.html) steer the server.
 */
function specialComment(sql: string, i: number): string | undefined {
  const [a, b] = [sql[i + 2], sql[i + 3]];
  if (sql[i] === '/') {
    if (a === '!' || ((a === 'M' || a === 'm') && b === '!')) return EXECUTABLE_COMMENT;
    if (a === '+') return OPTIMIZER_HINT;
  } else if (a === '+') {
    return OPTIMIZER_HINT;
  }
  return undefined;
}

/** The text with every comment and literal replaced by a space, as `reading` reads it; or why it cannot be read. */
function strip(sql: string, reading: Reading): Stripped {
  const parts: string[] = [];
  const quoted: string[] = [];
  let start = 0; // of the current run of code
  let i = 0;
  const n = sql.length;
  const skipTo = (end: number) => {
    parts.push(sql.slice(start, i), ' ');
    i = end;
    start = end;
  };
  const lineEnd = (from: number) => {
    let j = from;
    while (j < n && sql[j] !== '\n' && sql[j] !== '\r') j++;
    return j;
  };
  while (i < n) {
    const c = sql[i]!;
    const next = sql[i + 1];
    if ((c === '-' && next === '-') || (c === '/' && next === '*')) {
      const special = specialComment(sql, i);
      if (special) return { problem: special };
    }
    if (c === '-' && next === '-' && (!reading.mysql || i + 2 >= n || /\s/.test(sql[i + 2]!))) {
      skipTo(lineEnd(i));
    } else if (c === '#' && reading.mysql) {
      skipTo(lineEnd(i));
    } else if (c === '/' && next === '*') {
      const end = sql.indexOf('*/', i + 2);
      if (end < 0) return { problem: 'has an unterminated comment' };
      if (sql.slice(i + 2, end).includes('/*')) return { problem: 'must not nest comments' };
      skipTo(end + 2);
    } else if (c === "'" || c === '"' || c === '`') {
      // PostgreSQL's U&'...' and U&"..." spell characters as escapes (U&"\0064blink_exec" is dblink_exec).
      if (sql[i - 1] === '&' && (sql[i - 2] === 'u' || sql[i - 2] === 'U') && !isIdentifierChar(sql[i - 3])) {
        return { problem: 'must not use Unicode escapes (U&"..." or U&\'...\')' };
      }
      const prefixE = (sql[i - 1] === 'e' || sql[i - 1] === 'E') && !isIdentifierChar(sql[i - 2]);
      const backslash = c !== '`' && (reading.backslash === 'all' || (reading.backslash === 'e-strings' && c === "'" && prefixE));
      let j = i + 1;
      for (;;) {
        if (j >= n) return { problem: 'has an unterminated string or quoted identifier' };
        const d = sql[j]!;
        if (backslash && d === '\\') j += 2;
        else if (d === c && sql[j + 1] === c) j += 2;
        else if (d === c) break;
        else j++;
      }
      if (c !== "'") quoted.push(sql.slice(i + 1, j));
      skipTo(j + 1);
    } else if (c === '[' && reading.brackets) {
      let j = i + 1;
      for (;;) {
        if (j >= n) return { problem: 'has an unterminated [quoted identifier]' };
        if (sql[j] === ']' && sql[j + 1] === ']') j += 2;
        else if (sql[j] === ']') break;
        else j++;
      }
      quoted.push(sql.slice(i + 1, j));
      skipTo(j + 1);
    } else if (c === '[' && simpleBracketed.test(sql.slice(i, i + 260))) {
      // Read as code elsewhere, but only words and spaces: an array subscript or a syntax error, never a statement.
      const length = simpleBracketed.exec(sql.slice(i, i + 260))![0].length;
      quoted.push(sql.slice(i + 1, i + length - 1));
      skipTo(i + length);
    } else if (c === '$' && !isIdentifierChar(sql[i - 1]) && /^\$(?:[\p{L}_][\p{L}\p{N}_]*)?\$/u.test(sql.slice(i, i + 66))) {
      return { problem: 'must not use dollar-quoted strings ($$...$$)' };
    } else if (
      (c === 'q' || c === 'Q') &&
      next === "'" &&
      (!isIdentifierChar(sql[i - 1]) || (/[nN]/.test(sql[i - 1]!) && !isIdentifierChar(sql[i - 2])))
    ) {
      return { problem: "must not use q'...' quoting" };
    } else {
      i++;
    }
  }
  parts.push(sql.slice(start));
  return { code: parts.join(''), quoted };
}

/** Why the code (comments and literals removed) is not a single read statement; undefined when it is. */
function statementProblem(code: string): string | undefined {
  const first = /^[\s(]*([\p{L}\p{N}_$]*)/u.exec(code)![1]!.toUpperCase();
  if (first !== 'SELECT' && first !== 'WITH') return 'must be a read statement starting with SELECT or WITH';
  const semicolon = code.indexOf(';');
  if (semicolon >= 0 && code.slice(semicolon + 1).trim() !== '') return 'must be a single statement (a ";" only at the very end)';
  const words = /[\p{L}\p{N}_$]+/gu;
  for (let m = words.exec(code); m; m = words.exec(code)) {
    const word = m[0].toUpperCase();
    if (FORBIDDEN.has(word)) {
      if (FUNCTIONS_TOO.has(word) && /^\s*\(/.test(code.slice(m.index + m[0].length))) continue;
      return `must only read: ${word} is not allowed`;
    }
    if (word === 'FOR') {
      const lock = /^\s+(SHARE|KEY)\b/i.exec(code.slice(m.index + 3));
      if (lock) return `must only read: FOR ${lock[1]!.toUpperCase()} is not allowed`;
    }
    const call = callProblem(word);
    if (call) return call;
  }
  return undefined;
}

/**
 * Why `sql` is not a single read statement, or undefined when it is: after comments (`--`, `/* *\/`) and
 * literals ('...', "...", `...`, [...]) are removed it starts with SELECT or WITH, has no `;` but one at
 * the very end, none of the forbidden keywords (nor FOR UPDATE / FOR SHARE) and no forbidden call, however
 * a database reads it.
 */
export function readOnlySqlProblem(sql: string): string | undefined {
  // Only the readings the text can tell apart: most statements are read once.
  const backslash: Reading['backslash'][] = sql.includes('\\') ? ['none', 'all', 'e-strings'] : ['none'];
  const mysql = sql.includes('#') || sql.includes('--') ? [false, true] : [false];
  const brackets = sql.includes('[') ? [false, true] : [false];
  const checked = new Set<string>();
  for (const b of backslash) {
    for (const m of mysql) {
      for (const k of brackets) {
        const stripped = strip(sql, { backslash: b, mysql: m, brackets: k });
        if ('problem' in stripped) return stripped.problem;
        for (const name of stripped.quoted) {
          const call = callProblem(name);
          if (call) return call;
        }
        if (checked.has(stripped.code)) continue;
        checked.add(stripped.code);
        const problem = statementProblem(stripped.code);
        if (problem) return problem;
      }
    }
  }
  return undefined;
}
