// Builds the API application with everything main.ts and the tests both need.
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import type { AppConfig } from '@annot/core';
import { AppModule } from './app.module';
import { consoleDirectory, serveConsole } from './console/console-static';
import { apiDocument } from './http/api-document';
import { AppExceptionFilter } from './http/app-exception.filter';
import { inputGate } from './http/input-gate';
import { movedRoutes } from './http/moved-routes';
import { answerNodeRefusals } from './http/node-refusals';

export async function createApiApp(config: AppConfig): Promise<NestExpressApplication> {
  // The input gate parses bodies itself, so Nest's own parsers stay off.
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), { bufferLogs: true, bodyParser: false });
  app.useLogger(app.get(Logger));
  app.set('trust proxy', config.trustProxy);
  // Many deployments are plain HTTP inside a private network, so requests must not be upgraded to HTTPS. The point
  // cloud worker compiles its WebAssembly LZF decoder, which 'wasm-unsafe-eval' allows without allowing eval().
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: { 'script-src': ["'self'", "'wasm-unsafe-eval'"], 'img-src': ["'self'", 'data:', 'blob:'], 'upgrade-insecure-requests': null },
      },
      strictTransportSecurity: false,
    }),
  );
  app.use(movedRoutes);
  app.use(cookieParser());
  app.use(...inputGate(new AppExceptionFilter()));
  answerNodeRefusals(app.getHttpServer());
  app.enableShutdownHooks();

  // Built on the first request for it, not at every start.
  SwaggerModule.setup('api/docs', app, () => apiDocument(app));

  const dir = consoleDirectory(config.consoleDir);
  if (dir) serveConsole(app, dir);
  return app;
}
