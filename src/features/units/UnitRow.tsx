/**
 * One row of the unit list. It reads its unit through the unit's version signal (useUnit), so a
 * live change re-renders this row only, and only rows on screen exist (the list is virtual).
 */
import { memo } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '@mantine/core';
import { useUnit } from '../../fleet/index.ts';
import type { UnitColumn } from './columns.ts';
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
  readonly onOpen: (id: string) => void;
}

export const UnitRow = memo(function UnitRow({ id, index, columns, template, expanded, top, height, onOpen }: UnitRowProps) {
  const unit = useUnit(id);
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
            {unit === undefined ? (
              <Skeleton height={10} width="70%" />
            ) : column === 'name' ? (
              <Link to={unitPath(id)} className={classes.name} onClick={(event) => event.stopPropagation()}>
                {unit.name}
              </Link>
            ) : (
              <UnitCell column={column} unit={unit} />
            )}
          </div>
        ))}
      </div>
      {expanded && <LinksStrip links={unit?.links} />}
    </div>
  );
});
