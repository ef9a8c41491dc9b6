// Which way a chart runs in the reader's language: a right-to-left reader meets the first period, or the smallest
// value, at the right, and the value or category axis on the right, where reading starts. Recharts draws left to right
// whatever the page's direction, so each chart takes its axes' sides from here.
import { useTranslation } from 'react-i18next';
import { currentDirection } from './i18n';

export interface ChartDirection {
  /** For the horizontal axis: periods, categories or values run from the right. */
  horizontal: { reversed: boolean };
  /** For the vertical axis: it stands on the side reading starts from. */
  vertical: { orientation: 'left' | 'right' };
}

export function useChartDirection(): ChartDirection {
  // Read again when the language changes, so a switch to Arabic turns the charts on screen.
  useTranslation();
  const rtl = currentDirection() === 'rtl';
  return { horizontal: { reversed: rtl }, vertical: { orientation: rtl ? 'right' : 'left' } };
}
