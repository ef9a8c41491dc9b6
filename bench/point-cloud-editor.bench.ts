// The point-cloud editor's drawing in Chromium (software WebGL here, so only ratios within one run count): its scene
// with four views and a hundred cuboids against a bare three.js Points scene of the same cloud in one view, at 120k and
// 300k points, drawn in turn frame by frame and each frame synchronised by reading a pixel back; and a switch to the
// next frame's cloud already fetched, decoded and laid out (what the cloud worker and prefetch leave) against a bare
// upload of the same buffers, both until drawn.
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { BenchDatabase } from './support/bench-database';
import type { Figure } from './support/figures';
import { pageScript } from './support/page-script';
import { median } from './support/timing';

const sizes = [120_000, 300_000];
const drawMs = 8000;
const drawRounds = 2;
const switches = 10;
/** Rounds of switches, each side's switches in turn with the other's; each side's figure is its middle round, so one stall of a shared machine does not decide it. */
const switchRounds = 3;

/** Each measurement of the page answers the editor's figure and the bare one's, measured in turn. */
type Bench = { cloudBench: Record<'fps' | 'switchMs', (count: number, amount: number) => { editor: number; bare: number }> };

export async function pointCloudEditorBench(_bench: BenchDatabase, log: (line: string) => void): Promise<Figure[]> {
  const root = path.resolve(__dirname, '../../..');
  const script = await pageScript(root, 'console/src/harness/point-cloud-benchmark-page.ts');
  // Software WebGL: SwiftShader, which Chromium may refuse without this flag.
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.setContent('<!doctype html><html><body style="margin:0"></body></html>');
    await page.addScriptTag({ content: script });
    const renderer = await page.evaluate(() => {
      const gl = document.createElement('canvas').getContext('webgl2');
      const info = gl?.getExtension('WEBGL_debug_renderer_info');
      return gl && info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : 'no WebGL2';
    });
    log(`  Chromium ${browser.version()}, ${renderer}; 1280x720, frames synchronised by reading back one pixel`);
    // Each round with scenes of its own, the editor and the bare one in turn within it.
    const inRounds = async (measure: keyof Bench['cloudBench'], count: number, amount: number, rounds: number) => {
      const measured: { editor: number; bare: number }[] = [];
      for (let round = 0; round < rounds; round++) measured.push(await page.evaluate(([m, n, a]) => (window as unknown as Bench).cloudBench[m](n, a), [measure, count, amount] as const));
      return { ours: measured.map((m) => m.editor), bare: measured.map((m) => m.bare) };
    };
    const figures: Figure[] = [];
    for (const count of sizes) {
      const label = `${count / 1000}k points`;
      // Frame by frame in turn, so a slower stretch of the machine falls on both.
      const { ours, bare } = await inRounds('fps', count, drawMs, drawRounds);
      const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
      log(`  ${label}: editor ${ours.map((v) => v.toFixed(1)).join(', ')} fps; bare ${bare.map((v) => v.toFixed(1)).join(', ')} fps`);
      figures.push({ name: `4 views + 100 boxes, ${label}`, ours: mean(ours), baselineName: 'bare Points, 1 view (fps)', baseline: mean(bare), targetRatio: 0.75 });
      const { ours: ourSwitches, bare: bareSwitches } = await inRounds('switchMs', count, switches, switchRounds);
      const [ourSwitch, bareSwitch] = [median(ourSwitches), median(bareSwitches)];
      log(`  ${label}: frame switch ${ourSwitches.map((v) => v.toFixed(1)).join(', ')} ms in the editor; ${bareSwitches.map((v) => v.toFixed(1)).join(', ')} ms bare`);
      // Switches a second, so the ratio reads as the others do: at most 1.2x the time is at least 1/1.2 the rate.
      figures.push({ name: `frame switch, ${label}`, ours: 1000 / ourSwitch, baselineName: 'bare upload + draw (/s)', baseline: 1000 / bareSwitch, targetRatio: 1 / 1.2 });
    }
    return figures;
  } finally {
    await browser.close();
  }
}
