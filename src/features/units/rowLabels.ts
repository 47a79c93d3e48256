/**
 * The words of the unit rows, looked up once per language instead of once per cell render: a row
 * re-renders whenever its unit changes (about once a second per unit at 60,000 events/s over
 * 50,000 units), and an i18next lookup with interpolation costs more than the rest of the cell.
 * Values with a number (delay, alert count) are kept per distinct number.
 */
import type { TFunction } from 'i18next';

export interface RowLabels {
  /** unitList.status.* by key (statusLabel.ts statusLabelKey). */
  status(key: string): string;
  /** "1500 ms" (unitList.cells.delayMs). */
  delay(ms: number): string;
  /** "2 active alerts" (unitList.cells.alerts). */
  alerts(count: number): string;
  readonly lowDelay: string;
  readonly charging: string;
  readonly noLinks: string;
  readonly disconnected: string;
}

/** Distinct numbers kept per label before the cache starts over. */
const MAX_CACHED = 1_000;

function cached<K>(make: (key: K) => string): (key: K) => string {
  const memo = new Map<K, string>();
  return (key) => {
    let text = memo.get(key);
    if (text === undefined) {
      if (memo.size >= MAX_CACHED) memo.clear();
      memo.set(key, (text = make(key)));
    }
    return text;
  };
}

export function rowLabels(t: TFunction): RowLabels {
  return {
    status: cached((key: string) => t(key)),
    delay: cached((value: number) => t('unitList.cells.delayMs', { value })),
    alerts: cached((count: number) => t('unitList.cells.alerts', { count })),
    lowDelay: t('unitList.cells.lowDelay'),
    charging: t('unitList.cells.charging'),
    noLinks: t('unitList.links.none'),
    disconnected: t('unitList.links.disconnected'),
  };
}
