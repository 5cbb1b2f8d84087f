/**
 * FTS5's own records, read from its shadow tables (fts5_index.c, fts5_storage.c): the averages
 * record (rowid 1 of `<table>_data`: the row count, then each column's token total) and the docsize
 * records (`<table>_docsize`: a document's tokens in each column), both as SQLite varints.
 */

/** The first varints of FTS5's averages record: the row count, then each column's token total. */
export function averagesRecord(block: Uint8Array | undefined): { rows: number; tokens: number } {
  const values = block === undefined ? [] : sqliteVarints(block);
  let tokens = 0;
  for (let column = 1; column < values.length; column++) tokens += values[column]!;
  return { rows: values[0] ?? 0, tokens };
}

/** SQLite's varints (big-endian, 7 bits a byte, the ninth byte whole), as FTS5 writes its records. */
export function sqliteVarints(block: Uint8Array): number[] {
  const values: number[] = [];
  let at = 0;
  while (at < block.length) {
    let value = 0;
    for (let index = 0; at < block.length; index++) {
      const byte = block[at++]!;
      if (index === 8) {
        value = value * 256 + byte;
        break;
      }
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) break;
    }
    values.push(value);
  }
  return values;
}

/** The first varint of FTS5's averages record, the number of rows ever indexed. */
export function ftsRowCount(block: Uint8Array): number {
  return sqliteVarints(block)[0] ?? 0;
}
