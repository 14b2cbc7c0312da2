/**
 * A cell of a text (tab-separated) export, as a spreadsheet program will read it: tabs and line breaks inside
 * become spaces (so a cell cannot open another cell or row), and text that a spreadsheet would take for a formula
 * (starting with =, +, -, @) gets a leading apostrophe, which shows it as text — `=HYPERLINK(…)` or `=cmd|…` never
 * runs. The xlsx exports need none of this: their cells are written as strings, never as formulas. Numbers stay.
 */
export function textCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const flat = value.replace(/[\t\r\n]+/g, ' ');
  return /^[=+\-@]/.test(flat) ? `'${flat}` : flat;
}

/** A header line and one line a row, tab-separated, every cell through `textCell`. */
export function textTable(headers: string[], rows: (string | number)[][]): string {
  return `${[headers, ...rows].map((cells) => cells.map(textCell).join('\t')).join('\n')}\n`;
}
