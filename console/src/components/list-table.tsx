// A list's table: its column headings, its rows, and the "no data" row while there are none.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

export function ListTable({ headings, empty, children }: { headings: string[]; empty: boolean; children: ReactNode }) {
  const { t } = useTranslation();
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
        {empty && (
          <TableRow>
            <TableCell colSpan={headings.length} className="text-center text-muted-foreground">
              {t('empty')}
            </TableCell>
          </TableRow>
        )}
        {children}
      </TableBody>
    </Table>
  );
}
