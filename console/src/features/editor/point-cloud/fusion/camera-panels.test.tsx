// The camera panels show every camera of the rig with the frame's cuboids projected where the lens puts them, and
// answer the 2D box a person draws, moves, resizes, fits or removes on an enlarged panel.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SensorCamera } from '@annot/workflows';
import { saveToken } from '@/lib/auth-token';
import { i18n, setLanguage, type UiLanguage } from '@/lib/i18n';
import { CameraPanels, type CameraPanelsProps, type FusionObject } from './camera-panels';

// Two pinhole cameras at the LiDAR's origin, 640 × 480 with f = 100 px: "front" looks along +x, "back" along -x.
const camera = (name: string, lidarToCamera: number[], images: string[]): SensorCamera => ({
  name,
  width: 640,
  height: 480,
  intrinsics: { fx: 100, fy: 100, cx: 320, cy: 240, skew: 0 },
  distortion: { model: 'none', coeffs: [] },
  lidarToCamera,
  images,
});
const front = camera('front', [0, -1, 0, 0, 0, 0, -1, 0, 1, 0, 0, 0, 0, 0, 0, 1], ['front-0.jpg', 'front-1.jpg']);
const back = camera('back', [0, 1, 0, 0, 0, 0, -1, 0, -1, 0, 0, 0, 0, 0, 0, 1], ['', 'back-1.jpg']);
const cube = (x: number) => ({ type: 'cuboid' as const, x, y: 0, z: 0, length: 2, width: 2, height: 2, yaw: 0 });
const carBox = { type: 'box' as const, x: 300, y: 220, width: 40, height: 40 };
const objects: FusionObject[] = [
  { id: 'car', color: '#ef4444', cuboid: cube(10), cameraBoxes: { front: carBox } },
  { id: 'walker', color: '#22c55e', cuboid: cube(-10), cameraBoxes: {} },
];
// A 2 m cube 10 m ahead: its near face, 9 m away, spans 100 · 1 / 9 px either side of the image centre.
const near = 100 / 9;
const expectedBox = [320 - near, 240 - near, 2 * near, 2 * near].map((v) => Math.round(v * 100) / 100).join(',');

let media: string[] = [];
beforeEach(() => {
  media = [];
  saveToken('session-token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      media.push(`${url.split('?')[0]} ${(init?.headers as Record<string, string>).authorization}`);
      return new Response(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'content-type': 'image/jpeg' } });
    }),
  );
  URL.createObjectURL = vi.fn(() => `blob:image-${media.length}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

function renderPanels(overrides: Partial<CameraPanelsProps> = {}, language: UiLanguage = 'en-US') {
  setLanguage(language);
  const props: CameraPanelsProps = { itemId: 'item-1', frame: 0, cameras: [front, back], objects, selectedId: 'car', editable: true, onSelect: vi.fn(), onCameraBox: vi.fn(), ...overrides };
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <CameraPanels {...props} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return props;
}

/** The enlarged panel's image, laid out at (10, 20) at twice the image's size. */
async function enlarge(name: string) {
  await userEvent.click(screen.getByRole('button', { name: `Enlarge camera ${name}` }));
  const dialog = screen.getByRole('dialog', { name: `Camera ${name}` });
  const view = within(dialog).getByRole('img', { name: `Camera ${name}` });
  view.getBoundingClientRect = () => ({ left: 10, top: 20, width: 1280, height: 960, right: 1290, bottom: 980, x: 10, y: 20, toJSON: () => ({}) });
  return { dialog, view };
}
/** A pointer drag between two points of the image, in its own pixels. */
function drag(target: Element, [x0, y0]: [number, number], [x1, y1]: [number, number], view: Element = target) {
  fireEvent.pointerDown(target, { clientX: 10 + x0 * 2, clientY: 20 + y0 * 2, button: 0, pointerId: 1 });
  fireEvent.pointerMove(view, { clientX: 10 + x1 * 2, clientY: 20 + y1 * 2, pointerId: 1 });
  fireEvent.pointerUp(view, { clientX: 10 + x1 * 2, clientY: 20 + y1 * 2, pointerId: 1 });
}

describe(CameraPanels.name, () => {
  it("shows every camera with its image at the frame, fetched with the session's token, and the next frame's ahead", async () => {
    renderPanels();
    const strip = screen.getByRole('region', { name: 'Cameras' });
    expect(within(strip).getAllByRole('img').map((img) => img.getAttribute('data-camera'))).toEqual(['front', 'back']);
    await waitFor(() => expect(screen.getByRole('img', { name: 'Camera front' }).querySelector('image')).toHaveAttribute('href', expect.stringMatching(/^blob:/)));
    expect(within(screen.getByRole('img', { name: 'Camera back' })).getByText('No image at this frame')).toBeInTheDocument();
    await waitFor(() =>
      expect(media.sort()).toEqual([
        '/manage/items/item-1/frames/0/cameras/front/media Bearer session-token',
        '/manage/items/item-1/frames/1/cameras/back/media Bearer session-token',
        '/manage/items/item-1/frames/1/cameras/front/media Bearer session-token',
      ]),
    );
  });

  it('projects each cuboid into the cameras that see it, where the lens puts it, the selected one highlighted', () => {
    renderPanels();
    const inFront = screen.getByRole('img', { name: 'Camera front' });
    const car = inFront.querySelector('[data-object="car"]')!;
    expect(car.getAttribute('data-projected-box')).toBe(expectedBox);
    expect(car).toHaveAttribute('data-selected');
    expect(car.querySelectorAll('[data-edge]')).toHaveLength(12);
    expect(car.querySelector('[data-edge]')).toHaveAttribute('stroke', '#ef4444');
    // The walker stands behind the front camera and ahead of the back one.
    expect(inFront.querySelector('[data-object="walker"]')).toBeNull();
    const walker = screen.getByRole('img', { name: 'Camera back' }).querySelector('[data-object="walker"]')!;
    expect(walker.getAttribute('data-projected-box')).toBe(expectedBox);
    expect(walker).not.toHaveAttribute('data-selected');
    const drawn = inFront.querySelector('[data-camera-box="car"]')!;
    expect(['x', 'y', 'width', 'height'].map((a) => drawn.getAttribute(a))).toEqual(['300', '220', '40', '40']);
  });

  it('bends the edges through the lens and clips what is behind the camera', () => {
    // Barrel distortion draws each edge as a curve and pulls the box toward the centre; a box straddling the camera's
    // plane keeps only its part in front, every point of it on the image side.
    const barrel = { ...front, name: 'barrel', distortion: { model: 'radtan' as const, coeffs: [-0.3, 0.05, 0, 0] } };
    const straddling: FusionObject = { id: 'close', color: '#3b82f6', cuboid: { ...cube(0.5), length: 2 }, cameraBoxes: {} };
    renderPanels({ cameras: [barrel, front], objects: [...objects, straddling] });
    const bent = screen.getByRole('img', { name: 'Camera barrel' }).querySelector('[data-object="car"]')!;
    const edges = [...bent.querySelectorAll('[data-edge]')].map((edge) => edge.getAttribute('points')!.split(' '));
    expect(edges.every((points) => points.length === 9)).toBe(true);
    const [x, y, width] = bent.getAttribute('data-projected-box')!.split(',').map(Number);
    expect(x).toBeGreaterThan(320 - near);
    expect(width).toBeLessThan(2 * near);
    expect(y).toBeGreaterThan(240 - near);
    const close = screen.getByRole('img', { name: 'Camera front' }).querySelector('[data-object="close"]')!;
    const clipped = [...close.querySelectorAll('[data-edge]')];
    expect(clipped.length).toBeGreaterThan(0);
    expect(clipped.length).toBeLessThan(12);
    for (const edge of clipped) for (const point of edge.getAttribute('points')!.split(' ')) expect(point.split(',').map(Number).every(Number.isFinite)).toBe(true);
  });

  it('speaks Chinese', async () => {
    renderPanels({}, 'zh-CN');
    expect(screen.getByRole('region', { name: '相机' })).toBeInTheDocument();
    expect(screen.getByText('此帧没有图像')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '放大相机 front' }));
    expect(screen.getByRole('button', { name: '按投影生成 2D 框' })).toBeInTheDocument();
  });

  it('answers a 2D box drawn on an enlarged panel for the selected track', async () => {
    const props = renderPanels({ selectedId: 'walker' });
    const { view } = await enlarge('front');
    fireEvent.pointerDown(view, { clientX: 10 + 100 * 2, clientY: 20 + 100 * 2, button: 0, pointerId: 1 });
    fireEvent.pointerMove(view, { clientX: 10 + 200 * 2, clientY: 20 + 150 * 2, pointerId: 1 });
    const draft = view.querySelector('[data-draft]')!;
    expect(['x', 'y', 'width', 'height'].map((a) => draft.getAttribute(a))).toEqual(['100', '100', '100', '50']);
    fireEvent.pointerUp(view, { clientX: 10 + 200 * 2, clientY: 20 + 150 * 2, pointerId: 1 });
    expect(props.onCameraBox).toHaveBeenCalledWith('walker', 'front', { type: 'box', x: 100, y: 100, width: 100, height: 50 });
    // A box dragged past the image's edge is cut to it.
    drag(view, [600, 400], [700, 500]);
    expect(props.onCameraBox).toHaveBeenLastCalledWith('walker', 'front', { type: 'box', x: 600, y: 400, width: 40, height: 80 });
  });

  it('moves and resizes the selected track’s box, fits it to the projection and removes it', async () => {
    const props = renderPanels();
    const { dialog, view } = await enlarge('front');
    drag(view.querySelector('[data-camera-box="car"]')!, [310, 230], [320, 250], view);
    expect(props.onCameraBox).toHaveBeenLastCalledWith('car', 'front', { ...carBox, x: 310, y: 240 });
    drag(view.querySelector('[data-handle="se"]')!, [340, 260], [360, 300], view);
    expect(props.onCameraBox).toHaveBeenLastCalledWith('car', 'front', { ...carBox, width: 60, height: 80 });
    drag(view.querySelector('[data-handle="nw"]')!, [300, 220], [350, 270], view);
    expect(props.onCameraBox).toHaveBeenLastCalledWith('car', 'front', { type: 'box', x: 340, y: 260, width: 10, height: 10 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fit 2D box to the projection' }));
    const [x, y, width, height] = expectedBox.split(',').map(Number);
    expect(props.onCameraBox).toHaveBeenLastCalledWith('car', 'front', { type: 'box', x, y, width, height });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove 2D box' }));
    expect(props.onCameraBox).toHaveBeenLastCalledWith('car', 'front', null);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await enlarge('back');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('selects another track clicked on an enlarged panel', async () => {
    const props = renderPanels();
    const { view } = await enlarge('back');
    fireEvent.pointerDown(view.querySelector('[data-object="walker"] [data-edge]')!, { clientX: 650, clientY: 500, button: 0, pointerId: 1 });
    expect(props.onSelect).toHaveBeenCalledWith('walker');
    expect(props.onCameraBox).not.toHaveBeenCalled();
  });

  it('draws nothing where the view is not editable', async () => {
    const props = renderPanels({ editable: false });
    const { dialog, view } = await enlarge('front');
    drag(view, [100, 100], [200, 200]);
    expect(props.onCameraBox).not.toHaveBeenCalled();
    expect(within(dialog).queryByRole('button', { name: 'Remove 2D box' })).toBeNull();
    expect(view.querySelector('[data-handle]')).toBeNull();
  });
});
