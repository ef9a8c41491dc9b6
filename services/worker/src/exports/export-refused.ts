// A reason an export cannot succeed however often it is tried: it fails at once with this message.
export class ExportRefused extends Error {
  constructor(
    readonly reasonKey: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(reasonKey);
    this.name = 'ExportRefused';
  }
}
