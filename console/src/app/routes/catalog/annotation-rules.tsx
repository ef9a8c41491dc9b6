// /baseConfig/tagRule: annotation rules.
import { useTranslation } from 'react-i18next';
import { AnnotationRulesPanel } from '@/features/annotation-rules/components/annotation-rules-panel';

export default function AnnotationRulesPage() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">{t('menu_annotation_rules')}</h1>
      <AnnotationRulesPanel />
    </div>
  );
}
