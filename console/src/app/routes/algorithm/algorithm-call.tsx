// /algorithm/call: the admin calls an algorithm on any project's batch or link, beside every call made.
import { useTranslation } from 'react-i18next';
import { AlgorithmCalls } from '@/features/algorithms/components/calls-table';
import { CallForm } from '@/features/algorithms/components/call-form';

export default function AlgorithmCallPage() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">{t('menu_algorithm_call')}</h1>
      <div className="grid items-start gap-4 xl:grid-cols-[minmax(20rem,1fr)_3fr]">
        <CallForm />
        <AlgorithmCalls />
      </div>
    </div>
  );
}
