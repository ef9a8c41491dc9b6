// /project/exportData/{id}: a project's exports: the form for a new one beside the export records, and the import of
// pre-labelled annotations for a batch.
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { AnnotationImportForm } from '@/features/exports/components/annotation-import-form';
import { ExportForm } from '@/features/exports/components/export-form';
import { ExportRecords } from '@/features/exports/components/export-records';
import { useExportOptions } from '@/features/exports/api/exports';
import { ProjectScreen } from '@/features/projects/components/project-screen';

export default function ProjectExportPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const options = useExportOptions(id);
  return (
    <ProjectScreen id={id} manage>
      {(project) => (
        <>
          <h2 className="text-lg font-semibold">{t('exports_title')}</h2>
          {options.data && (
            <div className="grid items-start gap-4 xl:grid-cols-[minmax(22rem,1fr)_2fr]">
              <div className="grid gap-4">
                <ExportForm projectId={id} projectTitle={project.title} annotationType={project.annotationType} options={options.data} />
                <AnnotationImportForm annotationType={project.annotationType} options={options.data} />
              </div>
              <ExportRecords projectId={id} options={options.data} />
            </div>
          )}
        </>
      )}
    </ProjectScreen>
  );
}
