// Node's arguments that make a process a test starts (the API and worker as they ship, the S3 emulator) end when the
// test process that started it is gone: a run stopped by a signal or a crash leaves no service behind, retrying a
// database that was dropped at the cost of every run after it.
const watch = 'const parent = process.ppid; setInterval(() => { if (process.ppid !== parent) process.exit(1); }, 1000).unref();';

export const endsWithParent = ['--import', `data:text/javascript,${encodeURIComponent(watch)}`];
