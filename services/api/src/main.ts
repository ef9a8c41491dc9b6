// Starts the HTTP API (and the console it serves) on PORT.
import 'reflect-metadata';
import { loadConfig } from '@annot/core';
import { createApiApp } from './app.factory';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const app = await createApiApp(config);
  await app.listen(config.port, '0.0.0.0');
}

void bootstrap();
