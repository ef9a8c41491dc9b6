// /algorithm/list: the algorithm registry; the staff register algorithms here.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { RegisterAlgorithmForm } from '@/features/algorithms/components/algorithm-form';
import { AlgorithmsTable } from '@/features/algorithms/components/algorithms-table';
import { useCan } from '@/lib/authorization';

export default function AlgorithmListPage() {
  const { t } = useTranslation();
  const { can } = useCan();
  const [registering, setRegistering] = useState(false);
  return (
    <div className="grid gap-4">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">{t('menu_algorithm_list')}</h1>
        {can('algorithm.manage') && <Button onClick={() => setRegistering(true)}>{t('algorithms_register')}</Button>}
      </div>
      <AlgorithmsTable />
      <Dialog open={registering} onOpenChange={setRegistering}>
        <DialogContent className="max-h-[90vh] overflow-y-auto">
          <DialogHeader>
            <DialogTitle>{t('algorithms_register')}</DialogTitle>
          </DialogHeader>
          <RegisterAlgorithmForm onDone={() => setRegistering(false)} />
        </DialogContent>
      </Dialog>
    </div>
  );
}
