// The link pipeline as the PM draws it: each link's type and name, its order, and the broken rules explained as they appear.
import { useTranslation } from 'react-i18next';
import { linkProblems, type ProjectLinkInput } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { type FieldErrors, messageKey } from '@/lib/form-errors';
import { formatDigits } from '@/lib/numbers';

export interface LinkEditorProps {
  links: ProjectLinkInput[];
  onChange: (links: ProjectLinkInput[]) => void;
  /** The server's errors, keyed links.<index>; they describe the pipeline as last sent, so the caller clears them on change. */
  errors?: FieldErrors;
  /** Links holding tasks cannot be removed, and nothing can be added around them. */
  fixed?: boolean;
}

const newLink = (type: ProjectLinkInput['type'], name: string): ProjectLinkInput => ({ id: crypto.randomUUID(), type, name });

export function LinkEditor({ links, onChange, errors = {}, fixed = false }: LinkEditorProps) {
  const { t } = useTranslation();
  const problems = linkProblems(links);
  const change = (index: number, patch: Partial<ProjectLinkInput>) => onChange(links.map((l, i) => (i === index ? { ...l, ...patch } : l)));
  const move = (index: number, by: number) => {
    const next = [...links];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved);
    onChange(next);
  };
  const add = (type: ProjectLinkInput['type']) => onChange([...links, newLink(type, t(`links_type_${type}`))]);

  return (
    <div className="grid gap-3">
      <ol className="grid gap-2">
        {links.map((link, index) => {
          const mine = problems.filter((p) => p.index === index).map((p) => t(messageKey(p.messageKey)));
          const server = errors[`links.${index}`];
          return (
            <li key={link.id} className="grid gap-1 rounded-md border border-border p-2" aria-label={t('links_item', { index: index + 1 })}>
              <div className="flex flex-wrap items-center gap-2">
                <span className="w-6 text-sm text-muted-foreground">{formatDigits(index + 1)}</span>
                <Select aria-label={t('links_type')} className="w-40" value={link.type} onChange={(e) => change(index, { type: e.target.value as ProjectLinkInput['type'] })}>
                  <option value="annotation">{t('links_type_annotation')}</option>
                  <option value="inspection">{t('links_type_inspection')}</option>
                </Select>
                <Input aria-label={t('links_name')} className="w-56" value={link.name} onChange={(e) => change(index, { name: e.target.value })} />
                <Button type="button" size="sm" variant="outline" disabled={index === 0} onClick={() => move(index, -1)}>
                  {t('links_up')}
                </Button>
                <Button type="button" size="sm" variant="outline" disabled={index === links.length - 1} onClick={() => move(index, 1)}>
                  {t('links_down')}
                </Button>
                <Button type="button" size="sm" variant="outline" disabled={fixed} onClick={() => onChange(links.filter((_, i) => i !== index))}>
                  {t('delete')}
                </Button>
              </div>
              {[...mine, ...(server && !mine.includes(server) ? [server] : [])].map((message) => (
                <p key={message} role="alert" className="text-xs text-destructive">
                  {message}
                </p>
              ))}
            </li>
          );
        })}
      </ol>
      {links.length === 0 && (
        <p role="alert" className="text-xs text-destructive">
          {t('links_empty')}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="button" variant="outline" disabled={fixed} onClick={() => add('annotation')}>
          {t('links_add_annotation')}
        </Button>
        <Button type="button" variant="outline" disabled={fixed} onClick={() => add('inspection')}>
          {t('links_add_inspection')}
        </Button>
      </div>
    </div>
  );
}
