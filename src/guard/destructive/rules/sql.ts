// Finds statements that destroy data in SQL, MongoDB shell and Redis text given to a client: DROP of a
// database/schema/table, TRUNCATE, DELETE or UPDATE without WHERE, dropping a column, dropDatabase(),
// collection drop(), deleteMany({}), FLUSHALL/FLUSHDB. String literals and comments are set aside first.

const SQL_RULES: [RegExp, string][] = [
  [
    /^DROP\s+(DATABASE|SCHEMA|TABLE|KEYSPACE|COLLECTION|OWNED\s+BY)\b/i,
    "drops a database object and its data",
  ],
  [/^TRUNCATE\b/i, "empties a table"],
  [
    /^ALTER\s+TABLE\b.*\bDROP\s+(COLUMN\b|(?!CONSTRAINT|INDEX|DEFAULT|NOT\b|PRIMARY|FOREIGN)\w)/i,
    "drops a column and its data",
  ],
];

const MONGO = [
  /\.dropDatabase\s*\(/,
  /\.drop\s*\(\s*\)/,
  /\.dropCollection\s*\(/,
  /\.(deleteMany|remove)\s*\(\s*(\{\s*\})?\s*\)/,
];

/** Removes string literals and comments so quoted text is not read as a statement. */
function code(text: string): string {
  return text
    .replace(/'(?:[^'\\]|''|\\.)*'/g, "''")
    .replace(/--[^\n]*/g, " ")
    .replace(/\/\*[\s\S]*?\*\//g, " ");
}

function unconditional(statement: string): boolean {
  return (
    (/^DELETE\s+FROM\s/i.test(statement) || /^UPDATE\s+\S+\s+SET\s/i.test(statement)) &&
    !/\bWHERE\b/i.test(statement)
  );
}

/** Why the text destroys data, or undefined. */
export function destructiveSql(text: string): string | undefined {
  const clean = code(text);
  for (const raw of clean.split(";")) {
    const statement = raw.trim().replace(/\s+/g, " ");
    for (const [pattern, reason] of SQL_RULES) if (pattern.test(statement)) return reason;
    if (unconditional(statement)) return "deletes or rewrites every row (no WHERE)";
  }
  if (MONGO.some((pattern) => pattern.test(clean)))
    return "drops or empties a MongoDB database or collection";
  return undefined;
}

/** FLUSHALL / FLUSHDB as a Redis command word, in argv or in text piped to the client. */
export function flushesKeys(words: string[]): boolean {
  return words.some((word) => /^\s*(flushall|flushdb)\b/im.test(word));
}
