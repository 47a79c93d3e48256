/**
 * The cells of one unit row and the links of an expanded row (spec 000 §3 unit fields). Plain
 * elements styled by UnitList.module.css (no Mantine component, no hook but the channel's): a row
 * re-renders about once a second while its unit streams, and rows mount while the list scrolls.
 * The words come from RowLabels (rowLabels.ts), looked up once per language.
 */
import { formatBitrate } from '../../domain/bitrate.ts';
import { isLowDelay } from '../../domain/validation/delay.ts';
import type { LinkView, UnitView } from '../../../workers/pipeline/diff.ts';
import { useChannelName } from '../../fleet/hooks.ts';
import { iconStatusOf, STATUS_COLOURS } from '../fleet/statusColours.ts';
import type { UnitColumn } from './columns.ts';
import { locationOf } from './columns.ts';
import type { RowLabels } from './rowLabels.ts';
import { isPassing, statusLabelKey } from './statusLabel.ts';
import classes from './UnitList.module.css';

const NONE = '—';

function StatusCell({ unit, labels }: { readonly unit: UnitView; readonly labels: RowLabels }) {
  const icon = iconStatusOf(unit);
  // A start or stop on its way shows yellow until the unit reports where it landed.
  const colour = isPassing(unit) ? 'yellow' : STATUS_COLOURS[icon];
  return (
    <span data-testid="unit-status" data-status={icon}>
      <span className={classes.dot} style={{ background: `var(--mantine-color-${colour}-6)` }} aria-hidden />
      {labels.status(statusLabelKey(unit))}
    </span>
  );
}

/** The unit's channel by name ("External" for one the user cannot see); follows that channel's version signal. */
/** The channel's name; a name longer than the column is cut, and shown whole on hover (title). */
function ChannelCell({ channelId }: { readonly channelId: string | null | undefined }) {
  const name = useChannelName(channelId);
  return name === undefined || name === null ? <>{NONE}</> : <span title={name}>{name}</span>;
}

export function UnitCell({ column, unit, labels }: { readonly column: UnitColumn; readonly unit: UnitView; readonly labels: RowLabels }) {
  switch (column) {
    case 'status':
      return <StatusCell unit={unit} labels={labels} />;
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
          {labels.delay(unit.delayMs)}
          {isLowDelay(unit.delayMs) && <span className={classes.lowDelay}>{labels.lowDelay}</span>}
        </span>
      );
    case 'bitrate':
      return <span className={classes.numeric} data-testid="unit-bitrate">{formatBitrate(unit.uplinkKbps ?? 0)}</span>;
    case 'battery': {
      const battery = unit.battery;
      if (battery?.percentage === undefined) return <>{NONE}</>;
      return (
        <span className={classes.numeric} title={battery.charging === true ? labels.charging : undefined}>
          {Math.round(battery.percentage)} %{battery.charging === true ? ' ⚡' : ''}
        </span>
      );
    }
    case 'alerts':
      return unit.activeAlerts > 0 ? (
        <span className={classes.alertCount} aria-label={labels.alerts(unit.activeAlerts)}>
          {unit.activeAlerts}
        </span>
      ) : (
        <span className={classes.dimmed}>0</span>
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
const BAR_INDEXES = Array.from({ length: SIGNAL_BARS }, (_, index) => index);

function SignalBars({ signal }: { readonly signal: number | undefined }) {
  const on = signal === undefined ? 0 : Math.ceil((Math.max(0, Math.min(100, signal)) / 100) * SIGNAL_BARS);
  return (
    <span className={classes.signal} aria-hidden>
      {BAR_INDEXES.map((index) => (
        <span key={index} className={classes.bar} style={{ height: `${(index + 1) * 25}%` }} data-on={index < on ? '' : undefined} />
      ))}
    </span>
  );
}

/** The links of an expanded row: name, uplink/downlink bitrates, signal. */
export function LinksStrip({ links, labels }: { readonly links: readonly LinkView[] | undefined; readonly labels: RowLabels }) {
  if (links === undefined || links.length === 0) {
    return (
      <div className={classes.links}>
        <span className={classes.noLinks}>{labels.noLinks}</span>
      </div>
    );
  }
  return (
    <div className={classes.links} data-testid="unit-links">
      {links.map((link) => (
        <div key={link.port} className={classes.link} data-connected={String(link.connected)} title={link.connected ? undefined : labels.disconnected}>
          <div className={classes.linkHead}>
            <span className={classes.linkName}>{link.name}</span>
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
