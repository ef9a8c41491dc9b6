// Why a point cloud file cannot be read: a message key of the platform's catalogue and its parameters, so an import
// on the server and the console's worker say the same thing in the reader's language.

export type PointCloudErrorKey =
  | 'pointcloud.format_unknown'
  | 'pointcloud.header_invalid'
  | 'pointcloud.encoding_unknown'
  | 'pointcloud.type_unsupported'
  | 'pointcloud.field_missing'
  | 'pointcloud.truncated'
  | 'pointcloud.rows_missing'
  | 'pointcloud.row_invalid'
  | 'pointcloud.compressed_invalid'
  | 'pointcloud.empty';

export class PointCloudError extends Error {
  override readonly name = 'PointCloudError';

  constructor(
    readonly messageKey: PointCloudErrorKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`${messageKey} ${JSON.stringify(params)}`);
  }
}
