/** The cells of one unit row and the links of an expanded row (spec 000 §3 unit fields). */
import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatBitrate } from '../../domain/bitrate.ts';
import { isLowDelay } from '../../domain/validation/delay.ts';
import type { LinkView, UnitView } from '../../../workers/pipeline/diff.ts';
import { useChannelName } from '../../fleet/hooks.ts';
import { iconStatusOf, STATUS_COLOURS } from '../fleet/statusColours.ts';
import type { UnitColumn } from './columns.ts';
import { locationOf } from './columns.ts';
import { isPassing, statusLabelKey } from './statusLabel.ts';
import classes from './UnitList.module.css';

const NONE = '—';

function StatusCell({ unit }: { readonly unit: UnitView }) {
  const { t } = useTranslation();
  const icon = iconStatusOf(unit);
  const key = statusLabelKey(unit);
  // A start or stop on its way shows yellow until the unit reports where it landed.
  const colour = isPassing(unit) ? 'yellow' : STATUS_COLOURS[icon];
  return (
    <span data-testid="unit-status" data-status={icon}>
      <span className={classes.dot} style={{ background: `var(--mantine-color-${colour}-6)` }} aria-hidden />
      {t(key)}
    </span>
  );
}

/** The unit's channel by name ("External" for one the user cannot see); follows that channel's version signal. */
function ChannelCell({ channelId }: { readonly channelId: string | null | undefined }) {
  return <>{useChannelName(channelId) ?? NONE}</>;
}

export function UnitCell({ column, unit }: { readonly column: UnitColumn; readonly unit: UnitView }) {
  const { t } = useTranslation();
  switch (column) {
    case 'status':
      return <StatusCell unit={unit} />;
    case 'name':
      return <>{unit.name}</>;
    case 'type':
      return <>{unit.type}</>;
    case 'serial':
      return <>{unit.serial ?? NONE}</>;
    case 'channel':
      return <ChannelCell channelId={unit.channelId} />;
    case 'delay':
      if (unit.delayMs === undefined) return <>{NONE}</>;
      return (
        <span className={classes.numeric}>
          {t('unitList.cells.delayMs', { value: unit.delayMs })}
          {isLowDelay(unit.delayMs) && (
            <Badge ml={6} size="xs" variant="light" color="yellow">
              {t('unitList.cells.lowDelay')}
            </Badge>
          )}
        </span>
      );
    case 'bitrate':
      return <span className={classes.numeric} data-testid="unit-bitrate">{formatBitrate(unit.uplinkKbps ?? 0)}</span>;
    case 'battery': {
      const battery = unit.battery;
      if (battery?.percentage === undefined) return <>{NONE}</>;
      return (
        <span className={classes.numeric} title={battery.charging === true ? t('unitList.cells.charging') : undefined}>
          {Math.round(battery.percentage)} %{battery.charging === true ? ' ⚡' : ''}
        </span>
      );
    }
    case 'alerts':
      return unit.activeAlerts > 0 ? (
        <Badge size="sm" color="red" variant="filled" aria-label={t('unitList.cells.alerts', { count: unit.activeAlerts })}>
          {unit.activeAlerts}
        </Badge>
      ) : (
        <Text span c="dimmed" fz="sm">
          0
        </Text>
      );
    case 'version':
      return <>{unit.swVersion ?? NONE}</>;
    case 'location':
      return <>{locationOf(unit) ?? NONE}</>;
    default:
      return assertColumn(column);
  }
}

function assertColumn(column: never): never {
  throw new Error(`unknown unit column: ${String(column)}`);
}

/** Signal quality 0–100 % as 4 bars (25 % each). */
const SIGNAL_BARS = 4;

function SignalBars({ signal }: { readonly signal: number | undefined }) {
  const on = signal === undefined ? 0 : Math.ceil((Math.max(0, Math.min(100, signal)) / 100) * SIGNAL_BARS);
  return (
    <span className={classes.signal} aria-hidden>
      {Array.from({ length: SIGNAL_BARS }, (_, index) => (
        <span key={index} className={classes.bar} style={{ height: `${(index + 1) * 25}%` }} data-on={index < on ? '' : undefined} />
      ))}
    </span>
  );
}

/** The links of an expanded row: name, uplink/downlink bitrates, signal. */
export function LinksStrip({ links }: { readonly links: readonly LinkView[] | undefined }) {
  const { t } = useTranslation();
  if (links === undefined || links.length === 0) {
    return (
      <div className={classes.links}>
        <Text fz="xs" c="dimmed">
          {t('unitList.links.none')}
        </Text>
      </div>
    );
  }
  return (
    <div className={classes.links} data-testid="unit-links">
      {links.map((link) => (
        <div key={link.port} className={classes.link} data-connected={String(link.connected)} title={link.connected ? undefined : t('unitList.links.disconnected')}>
          <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 4 }}>
            <Text span fz="xs" fw={600} truncate>
              {link.name}
            </Text>
            {link.signal !== undefined && link.type !== 'lan' && <SignalBars signal={link.signal} />}
          </div>
          <div className={classes.numeric}>
            ↑ {formatBitrate(link.uplinkKbps)} · ↓ {formatBitrate(link.downlinkKbps)}
          </div>
        </div>
      ))}
    </div>
  );
}
