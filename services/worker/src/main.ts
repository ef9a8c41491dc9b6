// Starts a worker process; run as many as the load needs.
import 'reflect-metadata';
import { loadConfig } from '@annot/core';
import { createWorkerApp } from './worker.factory';

void createWorkerApp(loadConfig()).then((app) => app.init());
