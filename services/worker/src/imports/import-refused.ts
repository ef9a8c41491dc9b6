// An import that cannot go on for a reason the PM should read: the batch records it as BatchImportFailed.
export class ImportRefused extends Error {
  constructor(readonly reasonKey: string) {
    super(reasonKey);
    this.name = 'ImportRefused';
  }
}
