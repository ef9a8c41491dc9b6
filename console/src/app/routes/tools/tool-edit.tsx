// /toolConfig/new, /toolConfig/edit/:id and /toolConfig/view/:id: the tool form, read-only when viewing.
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { Skeleton } from '@/components/ui/skeleton';
import { useTool } from '@/features/tools/api/get-tool';
import { ToolForm } from '@/features/tools/components/tool-form';
import { formatDigits } from '@/lib/numbers';

export default function ToolEditPage({ mode }: { mode: 'new' | 'edit' | 'view' }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const tool = useTool(mode === 'new' ? undefined : id);
  if (mode !== 'new' && tool.isPending) return <Skeleton className="h-64" />;
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">
        {t(`tools_${mode}_title`)}
        {tool.data && ` · ${tool.data.name} v${formatDigits(tool.data.toolVersion)}`}
      </h1>
      <ToolForm tool={tool.data} readOnly={mode === 'view'} onSaved={() => navigate('/toolConfig')} />
    </div>
  );
}
