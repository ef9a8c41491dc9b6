// Settings read once from the environment; every process (api, worker, scripts) shares them.
export interface AppConfig {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  port: number;
  production: boolean;
  logLevel: string;
  consoleDir: string | null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    databaseUrl: env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/annot',
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    redisPrefix: env.REDIS_PREFIX ?? 'annot',
    port: Number(env.PORT ?? 3000),
    production: env.NODE_ENV === 'production',
    logLevel: env.LOG_LEVEL ?? 'info',
    consoleDir: env.CONSOLE_DIR ?? null,
  };
}
