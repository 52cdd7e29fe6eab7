// The company's leads as a file, as the console asks for one and the server writes and names it:
// CSV (what every program reads) or an Excel workbook (what Greek Excel opens in columns, since it
// reads a CSV's commas as text where the list separator is «;»).

export const LEADS_FILE_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export type LeadsFileFormat = keyof typeof LEADS_FILE_TYPES;

/** `?format=` of the leads route: a file's format, or null for the JSON list. */
export function leadsFileFormat(query: string | null): LeadsFileFormat | null {
  return query === 'csv' || query === 'xlsx' ? query : null;
}

/** The export's file name: the company's id, kept to what is safe in a file name and a header. */
export function leadsFileName(companyId: string, format: LeadsFileFormat): string {
  return `karta-etaireia-${companyId.replace(/[^A-Za-z0-9_-]/g, '')}-epafes.${format}`;
}
