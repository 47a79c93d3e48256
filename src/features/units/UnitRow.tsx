/**
 * One row of the unit list. It reads its unit through the unit's version signal (as useUnit), so a
 * live change re-renders this row only, and only rows on screen exist (the list is virtual). The
 * name is a plain link to the unit page: a plain click opens it in the app (the row's click), a
 * click with a modifier is left to the browser (new tab or window).
 */
import type { MouseEvent } from 'react';
import { memo } from 'react';
import { useFleet, useSignalValue } from '../../fleet/index.ts';
import type { UnitColumn } from './columns.ts';
import { rowContent } from './rowContent.ts';
import type { RowLabels } from './rowLabels.ts';
import { LinksStrip, UnitCell } from './UnitCells.tsx';
import { unitPath } from './unitPath.ts';
import classes from './UnitList.module.css';

export interface UnitRowProps {
  readonly id: string;
  readonly index: number;
  readonly columns: readonly UnitColumn[];
  readonly template: string;
  readonly expanded: boolean;
  /** px from the top of the list body. */
  readonly top: number;
  readonly height: number;
  readonly labels: RowLabels;
  readonly onOpen: (id: string) => void;
}

function onNameClick(event: MouseEvent<HTMLAnchorElement>): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) event.stopPropagation();
  else event.preventDefault(); // the row's click opens the unit page
}

export const UnitRow = memo(function UnitRow({ id, index, columns, template, expanded, top, height, labels, onOpen }: UnitRowProps) {
  const { store } = useFleet();
  useSignalValue(store.unitVersion(id));
  // While the unit's view has not come (rowContent.ts), its name is shown and the other cells wait.
  const { unit, name } = rowContent(store, id);
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      data-unit-id={id}
      className={classes.row}
      style={{ height, transform: `translateY(${top}px)` }}
      onClick={() => onOpen(id)}
    >
      <div className={classes.line} style={{ gridTemplateColumns: template }}>
        {columns.map((column) => (
          <div key={column} role="cell" className={classes.cell} data-column={column}>
            {column === 'name' && name !== undefined ? (
              <a href={unitPath(id)} className={classes.name} onClick={onNameClick}>
                {name}
              </a>
            ) : unit === undefined ? (
              <span className={classes.placeholder} />
            ) : (
              <UnitCell column={column} unit={unit} labels={labels} />
            )}
          </div>
        ))}
      </div>
      {expanded && <LinksStrip links={unit?.links} labels={labels} />}
    </div>
  );
});
