// Settings read once from the environment; every process (api, worker, scripts) shares them.
/** An S3-compatible bucket batches import from (Tencent COS, Alibaba OSS, or any S3 endpoint). */
export interface ObjectStoreConfig {
  endpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

function objectStore(env: NodeJS.ProcessEnv, prefix: 'COS' | 'OSS' | 'STORAGE_S3'): ObjectStoreConfig | null {
  const bucket = env[`${prefix}_BUCKET`];
  if (!bucket) return null;
  return {
    endpoint: env[`${prefix}_ENDPOINT`] ?? null,
    region: env[`${prefix}_REGION`] ?? 'us-east-1',
    bucket,
    accessKeyId: env[`${prefix}_ACCESS_KEY_ID`] ?? '',
    secretAccessKey: env[`${prefix}_SECRET_ACCESS_KEY`] ?? '',
    forcePathStyle: env[`${prefix}_FORCE_PATH_STYLE`] === 'true',
  };
}

export interface AppConfig {
  databaseUrl: string;
  /** Connections each process's pool may open (the worker's projections have theirs besides). */
  databasePoolSize: number;
  /** Keep statements run again prepared on their connection; off behind a pooler in transaction mode without them. */
  databasePreparedStatements: boolean;
  redisUrl: string;
  redisPrefix: string;
  port: number;
  production: boolean;
  logLevel: string;
  consoleDir: string | null;
  /** Hides registration, algorithms, announcements, logs, documents and help (seed: private deployment). */
  privateDeployment: boolean;
  sessionIdleMinutes: number;
  tokenRotateMinutes: number;
  /** smtp(s)://user:pass@host:port; without it codes go to the development mailbox. */
  mailUrl: string | null;
  mailFrom: string;
  /** Where the console sends a visitor without a token when sign-in is not integrated here. */
  centralLoginUrl: string;
  /** Shared secret with which a central login service asks for login tickets. */
  centralLoginKey: string | null;
  /**
   * Which proxies' X-Forwarded-For the API believes, in Express's words: `loopback` (a proxy on the same machine), or
   * `uniquelocal` for one in a private network (the compose file's proxy service), or addresses and ranges.
   */
  trustProxy: string;
  admin: { account: string; password: string; name: string };
  /** argon2id's cost: 'standard' everywhere but in tests, whose hundreds of accounts would each take a tenth of a second. */
  passwordHashing: PasswordHashing;
  /**
   * Where uploaded and imported batch data is kept (batches/<batchId>/ under it): this folder, or an S3-compatible
   * bucket (STORAGE_BACKEND=s3 with STORAGE_S3_BUCKET and the rest), whose replicas then share no disk; the folder
   * still holds each process's scratch files (an export being written, a zip being extracted).
   */
  storageDir: string;
  storageBucket: ObjectStoreConfig | null;
  /** The server folder under which a batch's local path must lie. */
  importRoot: string;
  /** How quickly a job whose worker died is taken up again: BullMQ's lock duration and stalled check. */
  jobLockMs: number;
  jobStalledIntervalMs: number;
  /**
   * How long a stopping worker lets its running jobs finish; past it, a long job (an export) is given back to the queue
   * for the next worker, and the worker stops without waiting for it beyond a second such spell.
   */
  jobStopGraceMs: number;
  /** Files per registered chunk of an import: one event and one insert statement each. */
  importChunkSize: number;
  /** The ffmpeg and ffprobe an import decodes videos with: Debian's ffmpeg package on the PATH unless named here. */
  ffmpegPath: string;
  ffprobePath: string;
  /** How long a minute of a claim's auto-recycle deadline lasts; only tests shorten it. */
  claimMinuteMs: number;
  /**
   * How long the worker's projections and outbox dispatcher rest with nothing to do before they look again unasked:
   * what finds a write whose notification was lost. Only tests lengthen it.
   */
  writtenRestMs: number;
  /** The buckets of the cos and oss upload types; null where none is configured. */
  objectStores: { cos: ObjectStoreConfig | null; oss: ObjectStoreConfig | null };
  /** Keys asked for per bucket listing page (S3 answers at most 1000). */
  objectListPageSize: number;
  /** The server folder under which exports to a folder are written. */
  exportRoot: string;
  /** Days a download is kept before the retention job removes it. */
  exportRetentionDays: number;
  /** How long a day of that retention lasts; only tests shorten it. */
  exportDayMs: number;
  /**
   * Items read and encoded per page of an export. The pages read ahead wait in V8's young generation, and every young
   * collection copies them: 200 gave a million-object export about a fifth less CPU and 10 to 25 MB less peak memory than 500.
   */
  exportPageSize: number;
  /** The platform's own secret: seals algorithm credentials and signs the media addresses given to model servers. */
  secretKey: string;
  /** Where a model server reaches the platform for an item's media. */
  publicUrl: string;
  algorithms: AlgorithmCallConfig;
  webhooks: WebhookDeliveryConfig;
}

/** How the worker delivers webhooks. */
export interface WebhookDeliveryConfig {
  /** Plain HTTP to localhost or 127.0.0.1 is accepted as a webhook address: on in tests and the development stack. */
  allowLocalHttp: boolean;
  /** How long a receiver has to answer one delivery. */
  timeoutMs: number;
  /** The first retry's wait; each later one waits twice as long, up to `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
  /** How often the worker looks for webhooks with something to deliver. */
  pollMs: number;
  /** Webhooks delivered at once by one worker process. */
  concurrency: number;
  /** Days an attempt stays in a webhook's delivery log; older ones go as the webhook's next attempts are logged. */
  logDays: number;
}

/** How the worker calls model servers. */
export interface AlgorithmCallConfig {
  /** Items per chunk: one job and one transaction each. */
  chunkSize: number;
  /** Tries per item before its failure counts against the endpoint. */
  tries: number;
  /** The first retry's wait; each later one waits twice as long. */
  backoffMs: number;
  /** Failed items in a row that open the endpoint's circuit. */
  circuitFailures: number;
  /** How long an open circuit waits before one trial call. */
  circuitCooldownMs: number;
  /** Openings in a row without an answer after which a call stops. */
  circuitOpenings: number;
  /** How long a media address given to a model server stays good. */
  mediaUrlSeconds: number;
}

export type PasswordHashing = 'standard' | 'fast';

/** The bucket everything stored goes to, or null for the disk; a bucket asked for and not named stops the start. */
function storageBucket(env: NodeJS.ProcessEnv): ObjectStoreConfig | null {
  const backend = env.STORAGE_BACKEND ?? 'disk';
  if (backend === 'disk') return null;
  if (backend !== 's3') throw new Error(`STORAGE_BACKEND must be disk or s3, not ${JSON.stringify(backend)}`);
  const bucket = objectStore(env, 'STORAGE_S3');
  if (!bucket) throw new Error('STORAGE_BACKEND=s3 needs STORAGE_S3_BUCKET (and STORAGE_S3_ENDPOINT, STORAGE_S3_REGION, the keys and STORAGE_S3_FORCE_PATH_STYLE as the store needs)');
  return bucket;
}

/** The secret of a platform started without SECRET_KEY: written here, so anyone who reads the source knows it. */
const developmentSecretKey = 'development-secret: set SECRET_KEY in production';

/**
 * What a production process says when it starts about settings left at their development values. Not a refusal: the
 * compose stack starts without a `.env`, and its first run should answer, but no operator should miss it.
 */
export function productionWarnings(config: AppConfig): string[] {
  if (!config.production || config.secretKey !== developmentSecretKey) return [];
  return ['SECRET_KEY is not set: algorithm credentials and webhook secrets are sealed, and media addresses signed, with a development value anyone can read in the source; set SECRET_KEY, the same for the API and every worker'];
}

/** The fast cost makes stolen hashes cheap to crack, so a production process refuses to start with it. */
function passwordHashing(env: NodeJS.ProcessEnv): PasswordHashing {
  const wanted = env.PASSWORD_HASHING ?? 'standard';
  if (wanted !== 'standard' && wanted !== 'fast') throw new Error(`PASSWORD_HASHING is ${wanted}: it is standard or fast`);
  if (wanted === 'fast' && env.NODE_ENV === 'production') throw new Error('PASSWORD_HASHING=fast is for tests and is refused when NODE_ENV is production');
  return wanted;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    databaseUrl: env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/annot',
    databasePoolSize: Number(env.DATABASE_POOL_SIZE ?? 10),
    databasePreparedStatements: env.DATABASE_PREPARED_STATEMENTS !== 'off',
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    redisPrefix: env.REDIS_PREFIX ?? 'annot',
    port: Number(env.PORT ?? 3000),
    production: env.NODE_ENV === 'production',
    logLevel: env.LOG_LEVEL ?? 'info',
    consoleDir: env.CONSOLE_DIR ?? null,
    privateDeployment: env.PRIVATE_DEPLOYMENT === 'true',
    sessionIdleMinutes: Number(env.SESSION_IDLE_MINUTES ?? 30),
    tokenRotateMinutes: Number(env.TOKEN_ROTATE_MINUTES ?? 720),
    mailUrl: env.MAIL_URL ?? null,
    mailFrom: env.MAIL_FROM ?? 'annotation-platform@localhost',
    centralLoginUrl: env.CENTRAL_LOGIN_URL ?? '/login',
    centralLoginKey: env.CENTRAL_LOGIN_KEY ?? null,
    trustProxy: env.TRUST_PROXY ?? 'loopback',
    admin: {
      account: env.ADMIN_ACCOUNT ?? 'admin@example.com',
      password: env.ADMIN_PASSWORD ?? 'Admin@2026',
      name: env.ADMIN_NAME ?? 'Admin',
    },
    passwordHashing: passwordHashing(env),
    storageDir: env.STORAGE_DIR ?? './var/storage',
    storageBucket: storageBucket(env),
    importRoot: env.IMPORT_ROOT ?? './var/import',
    jobLockMs: Number(env.JOB_LOCK_MS ?? 30_000),
    jobStalledIntervalMs: Number(env.JOB_STALLED_INTERVAL_MS ?? 30_000),
    jobStopGraceMs: Number(env.JOB_STOP_GRACE_MS ?? 10_000),
    importChunkSize: Number(env.IMPORT_CHUNK_SIZE ?? 2000),
    ffmpegPath: env.FFMPEG_PATH ?? 'ffmpeg',
    ffprobePath: env.FFPROBE_PATH ?? 'ffprobe',
    claimMinuteMs: Number(env.CLAIM_MINUTE_MS ?? 60_000),
    writtenRestMs: Number(env.WRITTEN_REST_MS ?? 1000),
    objectStores: { cos: objectStore(env, 'COS'), oss: objectStore(env, 'OSS') },
    objectListPageSize: Number(env.OBJECT_LIST_PAGE_SIZE ?? 1000),
    exportRoot: env.EXPORT_ROOT ?? './var/export',
    exportRetentionDays: Number(env.EXPORT_RETENTION_DAYS ?? 7),
    exportDayMs: Number(env.EXPORT_DAY_MS ?? 86_400_000),
    exportPageSize: Number(env.EXPORT_PAGE_SIZE ?? 200),
    secretKey: env.SECRET_KEY ?? developmentSecretKey,
    publicUrl: (env.PUBLIC_URL ?? `http://127.0.0.1:${Number(env.PORT ?? 3000)}`).replace(/\/+$/, ''),
    algorithms: {
      chunkSize: Number(env.ALGORITHM_CHUNK_SIZE ?? 20),
      tries: Number(env.ALGORITHM_TRIES ?? 3),
      backoffMs: Number(env.ALGORITHM_BACKOFF_MS ?? 500),
      circuitFailures: Number(env.ALGORITHM_CIRCUIT_FAILURES ?? 5),
      circuitCooldownMs: Number(env.ALGORITHM_CIRCUIT_COOLDOWN_MS ?? 30_000),
      circuitOpenings: Number(env.ALGORITHM_CIRCUIT_OPENINGS ?? 3),
      mediaUrlSeconds: Number(env.ALGORITHM_MEDIA_URL_SECONDS ?? 600),
    },
    webhooks: {
      allowLocalHttp: env.WEBHOOK_ALLOW_LOCAL_HTTP === 'true',
      timeoutMs: Number(env.WEBHOOK_TIMEOUT_MS ?? 10_000),
      backoffMs: Number(env.WEBHOOK_BACKOFF_MS ?? 1_000),
      maxBackoffMs: Number(env.WEBHOOK_MAX_BACKOFF_MS ?? 600_000),
      pollMs: Number(env.WEBHOOK_POLL_MS ?? 500),
      concurrency: Number(env.WEBHOOK_CONCURRENCY ?? 4),
      logDays: Number(env.WEBHOOK_LOG_DAYS ?? 30),
    },
  };
}
