// The algorithm registry: each algorithm's seed fields and its switch; the staff edit it, add versions, switch it on
// or off and open its analysis here.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AlgorithmView } from '@annot/workflows';
import { ListTable } from '@/components/list-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { TableCell, TableRow } from '@/components/ui/table';
import { useCan } from '@/lib/authorization';
import { useAlgorithms, useSwitchAlgorithm } from '../api/algorithms';
import { EditAlgorithmForm } from './algorithm-form';
import { nameIn } from './algorithm-labels';
import { AlgorithmVersionForm } from './algorithm-version-form';
import { formatNumber, formatPercent } from '@/lib/numbers';

function Switch({ algorithm }: { algorithm: AlgorithmView }) {
  const { t } = useTranslation();
  const change = useSwitchAlgorithm(algorithm.id);
  return (
    <Button size="sm" variant="outline" disabled={change.isPending} onClick={() => change.mutate(!algorithm.enabled)}>
      {algorithm.enabled ? t('algorithms_disable') : t('algorithms_enable')}
    </Button>
  );
}

export function AlgorithmsTable() {
  const { t, i18n } = useTranslation();
  const { can } = useCan();
  const algorithms = useAlgorithms();
  const [editing, setEditing] = useState<{ algorithm: AlgorithmView; kind: 'edit' | 'version' } | null>(null);
  const manage = can('algorithm.manage');
  const headings = [
    t('algorithms_interface_name'),
    t('algorithms_name'),
    t('algorithms_developer'),
    t('algorithms_version'),
    t('algorithms_description'),
    t('algorithms_data_volume'),
    t('algorithms_controlGroupRatio'),
    t('algorithms_switch'),
    '',
  ];
  const rows = algorithms.data ?? [];
  return (
    <>
      <ListTable headings={headings} empty={rows.length === 0} error={algorithms.error}>
        {rows.map((algorithm) => (
          <TableRow key={algorithm.id} data-testid="algorithm-row">
            <TableCell className="font-mono text-xs">{algorithm.interfaceName}</TableCell>
            <TableCell>{nameIn(i18n.language, { zh: algorithm.nameZh, en: algorithm.nameEn })}</TableCell>
            <TableCell>{algorithm.developer || '-'}</TableCell>
            <TableCell title={algorithm.endpoint}>{algorithm.version}</TableCell>
            <TableCell className="max-w-64 text-xs text-muted-foreground">{algorithm.description || '-'}</TableCell>
            <TableCell className="tabular-nums">{formatNumber(algorithm.dataVolume)}</TableCell>
            <TableCell className="tabular-nums">{formatPercent(algorithm.controlGroupRatio / 100, 0)}</TableCell>
            <TableCell>
              <Badge variant={algorithm.enabled ? 'success' : 'outline'}>{algorithm.enabled ? t('algorithms_enabled') : t('algorithms_disabled')}</Badge>
            </TableCell>
            <TableCell className="flex flex-wrap gap-2">
              <Button asChild size="sm" variant="outline">
                <Link to={`/algorithm/analysis/${algorithm.id}`}>{t('algorithms_analysis')}</Link>
              </Button>
              {manage && (
                <>
                  <Button size="sm" variant="outline" onClick={() => setEditing({ algorithm, kind: 'edit' })}>
                    {t('algorithms_edit')}
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setEditing({ algorithm, kind: 'version' })}>
                    {t('algorithms_new_version')}
                  </Button>
                  <Switch algorithm={algorithm} />
                </>
              )}
            </TableCell>
          </TableRow>
        ))}
      </ListTable>
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent className="max-h-[90vh] overflow-y-auto">
          <DialogHeader>
            <DialogTitle>{editing?.kind === 'version' ? t('algorithms_new_version') : t('algorithms_edit')}</DialogTitle>
          </DialogHeader>
          {editing?.kind === 'edit' && <EditAlgorithmForm algorithm={editing.algorithm} onDone={() => setEditing(null)} />}
          {editing?.kind === 'version' && <AlgorithmVersionForm algorithm={editing.algorithm} onDone={() => setEditing(null)} />}
        </DialogContent>
      </Dialog>
    </>
  );
}
