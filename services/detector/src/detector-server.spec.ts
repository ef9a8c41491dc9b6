import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sceneFrames } from '../../../scripts/src/sample-scenes';
import { type Detector, startDetector } from './detector-server';

describe(startDetector.name, () => {
  const [frame] = sceneFrames(1);
  let media: Server;
  let mediaUrl: string;
  let detector: Detector;
  let guarded: Detector;

  beforeAll(async () => {
    media = createServer((_, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(frame.content);
    });
    await new Promise<void>((resolve) => media.listen(0, '127.0.0.1', resolve));
    mediaUrl = `http://127.0.0.1:${(media.address() as AddressInfo).port}/frame.png`;
    detector = await startDetector();
    guarded = await startDetector({ token: 'secret' });
  });
  afterAll(async () => {
    await detector.close();
    await guarded.close();
    await new Promise((resolve) => media.close(resolve));
  });

  const request = (classes: unknown[]) => ({ contract: 1, callId: 'c', item: { id: 'i', fileName: 'frame.png', mediaUrl, mediaType: 'image/png', width: 320, height: 240 }, classes, scoreThreshold: 0.5 });
  const post = (to: Detector, body: string, headers: Record<string, string> = {}) => fetch(`${to.url}/detect`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

  it('answers the vehicles as boxes of the first box class, with the category the class offers', async () => {
    const classes = [
      { name: 'Lane', shape: 'line', attributes: [] },
      { name: 'Demo vehicle box', shape: 'box', attributes: [{ name: 'category', options: ['car', 'pedestrian'] }] },
    ];
    const response = await post(detector, JSON.stringify(request(classes)));
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { objects: { className: string; shape: { type: string; x: number; y: number; width: number; height: number }; attributes: object }[] };
    expect(answer.objects).toHaveLength(frame.objects.length);
    for (const object of answer.objects) expect(object).toMatchObject({ className: 'Demo vehicle box', attributes: { category: 'car' }, shape: { type: 'box' } });
    const boxes = answer.objects.map(({ shape: { x, y, width, height } }) => ({ x, y, width, height }));
    expect(boxes).toEqual(expect.arrayContaining(frame.objects.map((o) => o.box)));
  });

  it('answers no objects when the project draws no boxes', async () => {
    const response = await post(detector, JSON.stringify(request([{ name: 'Lane', shape: 'line' }])));
    expect(await response.json()).toMatchObject({ objects: [] });
  });

  it('refuses a body that is not JSON, and a call without the token it was given', async () => {
    expect((await post(detector, '{not json')).status).toBe(400);
    expect((await post(detector, JSON.stringify({ item: {} }))).status).toBe(400);
    expect((await post(guarded, JSON.stringify(request([])))).status).toBe(401);
    expect((await post(guarded, JSON.stringify(request([])), { authorization: 'Bearer secret' })).status).toBe(200);
  });
});
