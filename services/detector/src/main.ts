// Runs the demo detector on DETECTOR_PORT (default 3001) and DETECTOR_HOST (default 127.0.0.1).
import { startDetector } from './detector-server';

async function main(): Promise<void> {
  const port = Number(process.env.DETECTOR_PORT ?? 3001);
  const detector = await startDetector({ port, host: process.env.DETECTOR_HOST ?? '127.0.0.1' }).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'EADDRINUSE' ? new Error(`demo detector: port ${port} is in use; set DETECTOR_PORT to a free port`) : error;
  });
  console.log(`demo detector listening on ${detector.url}`);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => void detector.close().then(() => process.exit(0)));
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
