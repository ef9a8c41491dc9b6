// The saved result in words: shapes' coordinates and sizes in the reader's digits and decimal sign.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResultObject } from '@annot/workflows';
import { renderIn } from '@/test/fake-api';
import { setLanguage, type UiLanguage } from '@/lib/i18n';
import { ResultSummary } from './result-summary';

const object = (id: string, shape: NonNullable<ResultObject['keyframes'][number]['shape']>): ResultObject => ({
  id,
  toolId: '00000000-0000-4000-8000-0000000000c1',
  toolVersion: 1,
  templateType: shape.type === 'cuboid' ? 'cuboid' : 'box',
  className: null,
  attributes: {},
  group: null,
  keyframes: [{ frame: 0, shape, attributes: {}, outside: false, source: 'drawn' }],
});
const result = {
  version: 3,
  savedBy: '00000000-0000-4000-8000-0000000000b1',
  savedAt: '2026-04-06T10:00:00.000Z',
  result: {
    frameCount: 1,
    attributes: {},
    objects: [
      object('car', { type: 'cuboid', x: 12.25, y: -3.5, z: 0, length: 4.5, width: 1.8, height: 1.5, yaw: 0 }),
      object('sign', { type: 'box', x: 1200, y: 40, width: 64, height: 32 }),
    ],
  },
} as Parameters<typeof ResultSummary>[0]['result'];

async function shapesIn(language: UiLanguage): Promise<string[]> {
  await setLanguage(language);
  renderIn(language, <ResultSummary result={result} tools={[]} toolName={() => 'Car'} />);
  const rows = await screen.findAllByRole('row');
  // The shape is the third column; the first row holds the headings.
  return rows.slice(1).map((row) => row.querySelectorAll('td')[2].textContent ?? '');
}

afterEach(() => setLanguage('zh-CN'));

describe(ResultSummary.name, () => {
  it('writes a cuboid to a tenth of a meter with the reader’s decimal sign, coordinates parted unambiguously', async () => {
    const [cuboid, box] = await shapesIn('fr-FR');
    expect(cuboid.replaceAll('\u202f', ' ')).toBe('(12,3 m; -3,5 m; 0,0 m) 4,5 m × 1,8 m × 1,5 m');
    expect(box).toBe('(1\u202f200; 40) 64 × 32');
  });

  it('writes every coordinate in Arabic’s own digits', async () => {
    const [cuboid, box] = await shapesIn('ar-SA');
    expect(cuboid).toMatch(/^\(١٢٫٣/);
    expect(cuboid + box).not.toMatch(/[0-9]/);
  });
});
