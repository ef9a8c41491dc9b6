// /algorithm/analysis/{id}: an algorithm's versions, the effect of each against its control group, and its calls.
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { RefusalNotice, refusalOf } from '@/components/refusal';
import { Skeleton } from '@/components/ui/skeleton';
import { useAlgorithmAnalysis } from '@/features/algorithms/api/algorithms';
import { AlgorithmEffects } from '@/features/algorithms/components/algorithm-effects';
import { nameIn } from '@/features/algorithms/components/algorithm-labels';
import { CallsTable } from '@/features/algorithms/components/calls-table';
import { formatNumber } from '@/lib/numbers';

export default function AlgorithmAnalysisPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const analysis = useAlgorithmAnalysis(id);
  if (analysis.isPending) return <Skeleton className="h-64" />;
  if (analysis.error) {
    const refusal = refusalOf(analysis.error);
    return refusal ? <RefusalNotice refusal={refusal} /> : <p role="alert">{t('load_failed')}</p>;
  }
  const { algorithm, versions, calls } = analysis.data;
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-xl font-semibold">{nameIn(i18n.language, { zh: algorithm.nameZh, en: algorithm.nameEn })}</h1>
        <p className="text-sm text-muted-foreground">
          {algorithm.interfaceName} · {t('algorithms_versions_list', { versions: algorithm.versions.map((v) => v.version).join(', ') })} · {t('algorithms_data_volume')}: {formatNumber(algorithm.dataVolume)}
        </p>
      </div>
      <AlgorithmEffects versions={versions} />
      <section className="grid gap-2" aria-label={t('algorithms_calls')}>
        <h2 className="text-base font-semibold">{t('algorithms_calls')}</h2>
        <CallsTable calls={calls} showProject />
      </section>
    </div>
  );
}
