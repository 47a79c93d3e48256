/** The usage reports' call (src/protocol/rest/usageProfiles.ts usageReport) and the CSV export. */
import Papa from 'papaparse';
import { call } from '../../api/call.ts';
import { usageReport, type UsageReport } from '../../protocol/rest/usageProfiles.ts';
import { USAGE_CSV_HEADER, usageCsvRecord } from '../../domain/usageProfiles.ts';

export const reportKeys = {
  all: ['reports'] as const,
  usage: (inventoryId: string, from: string, to: string, profileId: string | null) => ['reports', 'usage', inventoryId, from, to, profileId] as const,
};

export const fetchUsageReport = (inventoryId: string, from: string, to: string, profileId: string | null, signal: AbortSignal) =>
  call(usageReport, { query: { inventoryId, from, to, ...(profileId !== null ? { profileId } : {}) } }, { signal });

/** The report as CSV text (papaparse: quoting and escaping of names with commas or quotes). */
export function usageCsv(report: UsageReport): string {
  return Papa.unparse({ fields: [...USAGE_CSV_HEADER], data: report.rows.map(usageCsvRecord) });
}

/** Hands the CSV to the browser as a download. */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
