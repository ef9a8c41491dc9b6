// Multer's door into the shared storage: an upload streams into a storage object, never into memory or a folder of the api's own.
import { randomUUID } from 'node:crypto';
import type { StorageEngine } from 'multer';
import type { Storage } from '@annot/core';

/** An uploaded file as a handler receives it: where it lies in storage, not on a disk. */
export interface StoredUpload {
  key: string;
  originalname: string;
  size: number;
}

/** Stores each uploaded file under `folder` with a fresh name, so no client-chosen name ever becomes a key. */
export function storageUploads(storage: Storage, folder: string, extension: string): StorageEngine {
  return {
    _handleFile(_req, file, done) {
      const key = `${folder}/${randomUUID()}${extension}`;
      storage.put(key, file.stream).then(({ size }) => done(null, { key, size } as Partial<Express.Multer.File>), done);
    },
    _removeFile(_req, file, done) {
      storage.remove((file as unknown as StoredUpload).key).then(() => done(null), done);
    },
  };
}
