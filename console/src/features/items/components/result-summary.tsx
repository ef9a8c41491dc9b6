// The saved result in words: each object as the editor numbers it, with its tool, shape and attribute values under
// their display names.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type AttributeValues, type EditorTool, maskArea, objectName, type ResultObject, type ToolAttribute } from '@annot/workflows';
import { ListTable } from '@/components/list-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { formatNumber, formatUnit } from '@/lib/numbers';
import type { SavedResult } from '../api/item';

/** Values under their attributes' display names; an attribute the tool does not define keeps its own name. */
const valuesText = (values: AttributeValues, attributes: readonly ToolAttribute[] = []) =>
  Object.entries(values)
    .map(([name, value]) => `${attributes.find((a) => a.name === name)?.displayName ?? name}: ${Array.isArray(value) ? value.join(', ') : value}`)
    .join('; ');

// Coordinates in the reader's digits and decimal sign, parted by semicolons: a comma is the decimal sign in many languages.
const position = (values: string[]) => `(${values.join('; ')})`;
const pixels = (value: number) => formatNumber(Math.round(value));
const meters = (value: number) => formatUnit(value, 'meter', 1, true);

function shapeText(object: ResultObject, t: TFunction): string {
  const shape = object.keyframes.find((k) => k.shape)?.shape;
  if (!shape) return '-';
  if (shape.type === 'box') return `${position([shape.x, shape.y].map(pixels))} ${pixels(shape.width)} × ${pixels(shape.height)}`;
  if (shape.type === 'point') return position([shape.x, shape.y].map(pixels));
  if (shape.type === 'mask') return `${formatNumber(maskArea(shape))} px`;
  if (shape.type === 'cuboid') return `${position([shape.x, shape.y, shape.z].map(meters))} ${[shape.length, shape.width, shape.height].map(meters).join(' × ')}`;
  if (shape.type === 'segment') return `${t('cloud_segment_points')}: ${formatNumber(shape.counts.filter((_, i) => i % 2 === 1).reduce((sum, run) => sum + run, 0))}`;
  return formatNumber(shape.points.length);
}

export function ResultSummary({ result, tools, toolName }: { result: SavedResult | null; tools: EditorTool[]; toolName: (toolId: string) => string }) {
  const { t } = useTranslation();
  const objects = result?.result.objects ?? [];
  const itemAttributes = result ? valuesText(result.result.attributes) : '';
  return (
    <section className="grid content-start gap-2" aria-label={t('items_result')}>
      <h2 className="text-base font-semibold">{t('items_result')}</h2>
      <p className="text-sm text-muted-foreground">
        {result ? t('items_result_version', { version: result.version, count: objects.length }) : t('items_result_none')}
        {itemAttributes && ` · ${itemAttributes}`}
      </p>
      {result && (
        <ListTable headings={[t('items_object'), t('items_tool'), t('items_shape'), t('items_attributes')]} empty={objects.length === 0}>
          {objects.map((object) => (
            <TableRow key={object.id}>
              <TableCell>{objectName(objects, object.id, toolName)}</TableCell>
              <TableCell>
                {toolName(object.toolId)} <span className="text-xs text-muted-foreground">({t(`tools_template_${object.templateType}`, { defaultValue: object.templateType })})</span>
              </TableCell>
              <TableCell className="tabular-nums">{shapeText(object, t)}</TableCell>
              <TableCell>{valuesText({ ...object.attributes, ...object.keyframes[0]?.attributes }, tools.find((tool) => tool.toolId === object.toolId)?.definition.attributes) || '-'}</TableCell>
            </TableRow>
          ))}
        </ListTable>
      )}
    </section>
  );
}
