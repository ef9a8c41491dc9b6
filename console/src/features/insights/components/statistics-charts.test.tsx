// The statistics charts read the way the reader's language does: Arabic meets the first period at the right, with
// the value axis on the right where its reading starts.
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PeriodFigures } from '@annot/workflows';
import { i18n, setLanguage, type UiLanguage } from '@/lib/i18n';
import StatisticsCharts from './statistics-charts';

const series = ['2026-04-01', '2026-05-01', '2026-06-01'].map((period, i) => ({ period, claimed: 10 * (i + 1), submitted: 8 * (i + 1), objects: 30 * (i + 1), passRate: 0.9 })) as PeriodFigures[];

// jsdom lays nothing out: the charts' container is given a size, as a browser would measure it.
beforeAll(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly report: ResizeObserverCallback) {}
      observe(target: Element) {
        this.report([{ target, contentRect: { width: 600, height: 256 } } as unknown as ResizeObserverEntry], this as unknown as ResizeObserver);
      }
      unobserve() {}
      disconnect() {}
    },
  );
  Object.defineProperties(HTMLElement.prototype, { clientWidth: { configurable: true, get: () => 600 }, clientHeight: { configurable: true, get: () => 256 } });
});
// The files of a worker share one DOM: what was given for these charts is taken back.
afterAll(() => {
  vi.unstubAllGlobals();
  for (const name of ['clientWidth', 'clientHeight']) Reflect.deleteProperty(HTMLElement.prototype, name);
});
afterEach(() => setLanguage('zh-CN'));

/** Where the output chart puts its periods (x of each tick, first period first) and whether its value axis is on the right. */
async function layoutIn(language: UiLanguage) {
  await setLanguage(language);
  const { container } = render(
    <I18nextProvider i18n={i18n}>
      <StatisticsCharts series={series} granularity="month" />
    </I18nextProvider>,
  );
  const output = container.querySelector('figure')!;
  await vi.waitFor(() => expect(output.querySelectorAll('.recharts-xAxis .recharts-cartesian-axis-tick').length).toBe(3));
  // Tick lines come in the periods' order; jsdom measures no text, so the labels themselves are not drawn.
  const ticks = [...output.querySelectorAll('.recharts-xAxis .recharts-cartesian-axis-tick-line')].map((tick) => Number(tick.getAttribute('x1')));
  const valueAxis = Number(output.querySelector('.recharts-yAxis .recharts-cartesian-axis-line')!.getAttribute('x1'));
  return { ticks, valueAxisRight: valueAxis > 300 };
}

describe(StatisticsCharts.name, () => {
  it('runs its periods left to right in English, the values on the left', async () => {
    const { ticks, valueAxisRight } = await layoutIn('en-US');
    expect(ticks[0]).toBeLessThan(ticks[2]);
    expect(valueAxisRight).toBe(false);
  });

  it('runs its periods right to left in Arabic, the values on the right', async () => {
    const { ticks, valueAxisRight } = await layoutIn('ar-SA');
    expect(ticks[0]).toBeGreaterThan(ticks[2]);
    expect(valueAxisRight).toBe(true);
  });
});
