// The saved result in words: each object as the editor numbers it, with its tool, shape and attribute values under
// their display names.
import { useTranslation } from 'react-i18next';
import { type AttributeValues, type EditorTool, maskArea, objectName, type ResultObject, type ToolAttribute } from '@annot/workflows';
import { ListTable } from '@/components/list-table';
import { TableCell, TableRow } from '@/components/ui/table';
import type { SavedResult } from '../api/task-item';

/** Values under their attributes' display names; an attribute the tool does not define keeps its own name. */
const valuesText = (values: AttributeValues, attributes: readonly ToolAttribute[] = []) =>
  Object.entries(values)
    .map(([name, value]) => `${attributes.find((a) => a.name === name)?.displayName ?? name}: ${Array.isArray(value) ? value.join(', ') : value}`)
    .join('; ');

function shapeText(object: ResultObject): string {
  const shape = object.keyframes.find((k) => k.shape)?.shape;
  if (!shape) return '-';
  if (shape.type === 'box') return `${Math.round(shape.x)},${Math.round(shape.y)} ${Math.round(shape.width)}×${Math.round(shape.height)}`;
  if (shape.type === 'point') return `${Math.round(shape.x)},${Math.round(shape.y)}`;
  if (shape.type === 'mask') return `${maskArea(shape)} px`;
  if (shape.type === 'cuboid') return `${shape.x.toFixed(1)},${shape.y.toFixed(1)},${shape.z.toFixed(1)} m ${shape.length.toFixed(1)}×${shape.width.toFixed(1)}×${shape.height.toFixed(1)}`;
  if (shape.type === 'segment') return `${shape.counts.filter((_, i) => i % 2 === 1).reduce((sum, run) => sum + run, 0)} pts`;
  return `${shape.points.length}`;
}

export function ResultSummary({ result, tools, toolName }: { result: SavedResult | null; tools: EditorTool[]; toolName: (toolId: string) => string }) {
  const { t } = useTranslation();
  const objects = result?.result.objects ?? [];
  const itemAttributes = result ? valuesText(result.result.attributes) : '';
  return (
    <section className="grid gap-2" aria-label={t('tasks_result')}>
      <h2 className="text-base font-semibold">{t('tasks_result')}</h2>
      <p className="text-sm text-muted-foreground">
        {result ? t('tasks_result_version', { version: result.version, count: objects.length }) : t('tasks_result_none')}
        {itemAttributes && ` · ${itemAttributes}`}
      </p>
      {result && (
        <ListTable headings={[t('tasks_object'), t('tasks_tool'), t('tasks_shape'), t('tasks_attributes')]} empty={objects.length === 0}>
          {objects.map((object) => (
            <TableRow key={object.id}>
              <TableCell>{objectName(objects, object.id, toolName)}</TableCell>
              <TableCell>
                {toolName(object.toolId)} <span className="text-xs text-muted-foreground">({t(`tools_template_${object.templateType}`, { defaultValue: object.templateType })})</span>
              </TableCell>
              <TableCell className="tabular-nums">{shapeText(object)}</TableCell>
              <TableCell>{valuesText({ ...object.attributes, ...object.keyframes[0]?.attributes }, tools.find((tool) => tool.toolId === object.toolId)?.definition.attributes) || '-'}</TableCell>
            </TableRow>
          ))}
        </ListTable>
      )}
    </section>
  );
}
