/**
 * CSV per RFC 4180 (comma-separated, CRLF line ends, fields with a comma, quote or line
 * break quoted, quotes doubled), safe to open in a spreadsheet: a cell that starts with
 * = + - @ (or a tab or carriage return) would run as a formula, so it gets a leading
 * apostrophe, the convention spreadsheets show as plain text.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvRow = (cells: readonly unknown[]) => `${cells.map(csvCell).join(",")}\r\n`;
