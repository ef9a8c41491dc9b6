// The cameras of an item's rig with their images' size, read from its frames' sensors in the statement that reads the
// item: what a 2D box drawn on a camera is checked against. Null for an item without a rig.
import { type RawBuilder, sql } from 'kysely';

export interface RigCamera {
  name: string;
  width: number;
  height: number;
}

/** The rig's cameras of the item_frames row under `alias`, without their calibration and image lists. */
export function rigCameras(alias: string): RawBuilder<RigCamera[] | null> {
  return sql<RigCamera[] | null>`(SELECT jsonb_agg(jsonb_build_object('name', c->'name', 'width', c->'width', 'height', c->'height'))
    FROM jsonb_array_elements(${sql.ref(`${alias}.sensors`)}->'cameras') c)`;
}
