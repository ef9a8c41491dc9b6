// A list's table: its column headings, its rows, and one row saying why there are none: no data, not allowed or not found.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { failureMessage } from './refusal';

export interface ListTableProps {
  headings: string[];
  empty: boolean;
  /** The list's read failed: the row says whether the server refused it, found nothing there, or could not answer. */
  error?: unknown;
  children: ReactNode;
}

export function ListTable({ headings, empty, error, children }: ListTableProps) {
  const { t } = useTranslation();
  const note = error ? failureMessage(error, t) : empty ? t('empty') : null;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          {headings.map((heading) => (
            <TableHead key={heading}>{heading}</TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {note && (
          <TableRow>
            <TableCell colSpan={headings.length} className="text-center text-muted-foreground" role={error ? 'alert' : undefined}>
              {note}
            </TableCell>
          </TableRow>
        )}
        {!error && children}
      </TableBody>
    </Table>
  );
}

/**
 * A cell of buttons: the buttons sit in a box of their own, since a cell made a flex box leaves the table's columns.
 * `className` gives a cell of many buttons the width to keep them on few lines.
 */
export function ActionsCell({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <TableCell className={className}>
      <div className="flex flex-wrap gap-1">{children}</div>
    </TableCell>
  );
}
