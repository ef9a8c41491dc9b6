// A project whose items all hold results, written straight into the tables an export reads: one box tool, and
// items of ten boxes each, the shape of a detection project's delivery.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '@annot/core';

export const objectsPerItem = 10;

const tool = {
  name: 'Vehicle',
  templateType: 'box',
  description: '',
  sameBoxSizeCount: 0, enablePitchRoll: false,
  attributes: [{ name: 'category', displayName: 'Category', exportName: 'category', level: 1, required: true, instanceAttribute: false, frameAttribute: false, type: 'single', display: 'tiled', options: [{ name: 'car' }, { name: 'truck' }] }],
};

/** Makes the project with `items` items, each with ten boxes; answers the project's id. */
export async function exportFixture(db: Db, items: number): Promise<string> {
  const projectId = randomUUID();
  const batchId = randomUUID();
  const toolId = randomUUID();
  await sql`INSERT INTO tool_versions (tool_id, tool_version, definition, created_at) VALUES (${toolId}, 1, ${JSON.stringify(tool)}::jsonb, now())`.execute(db);
  await sql`
    INSERT INTO projects (project_id, title, status, type, annotation_type, start_date, end_date, creator_id, basics, tools, rules, missing, created_at, updated_at, version)
    VALUES (${projectId}, 'Bench delivery', 'going', 'standard', 'picture', '2026-01-01', '2026-12-31', 'bench', '{}'::jsonb,
            ${JSON.stringify([{ toolId, toolVersion: 1 }])}::jsonb, '{}'::jsonb, '{}', now(), now(), 1)`.execute(db);
  await sql`
    INSERT INTO batches (batch_id, project_id, name, priority, upload_type, status, items, failed, created_at, updated_at, version)
    VALUES (${batchId}, ${projectId}, 'Drive 1', 1, 'zip', 'in_progress', ${items}, 0, now(), now(), 1)`.execute(db);
  await sql`
    INSERT INTO items (item_id, batch_id, project_id, seq, file_name, path, size, media_type, width, height, checksum, status, created_at)
    SELECT md5(${batchId} || i)::uuid, ${batchId}, ${projectId}, i, 'frames/' || lpad(i::text, 7, '0') || '.jpg', 'batches/bench/' || i, 200000, 'image/jpeg', 1920, 1080, md5(i::text), 'finished', now()
    FROM generate_series(0, ${items - 1}) i`.execute(db);
  await sql`
    INSERT INTO item_results (item_id, project_id, version, result, saved_by, saved_at)
    SELECT d.item_id, d.project_id, 1,
      jsonb_build_object('frameCount', 1, 'attributes', '{}'::jsonb, 'objects', (
        SELECT jsonb_agg(jsonb_build_object(
          'id', 'car-' || k, 'toolId', ${toolId}::text, 'toolVersion', 1, 'templateType', 'box', 'className', NULL,
          'attributes', jsonb_build_object('category', CASE WHEN k % 3 = 0 THEN 'truck' ELSE 'car' END), 'group', NULL,
          'keyframes', jsonb_build_array(jsonb_build_object('frame', 0, 'attributes', '{}'::jsonb, 'outside', false, 'source', 'drawn',
            'shape', jsonb_build_object('type', 'box', 'x', 10 + k * 150 + d.seq % 7, 'y', 100 + k * 40, 'width', 120.5, 'height', 80.25)))))
        FROM generate_series(1, ${objectsPerItem}) k)),
      'bench', now()
    FROM items d WHERE d.batch_id = ${batchId}`.execute(db);
  await sql`ANALYZE items`.execute(db);
  await sql`ANALYZE item_results`.execute(db);
  return projectId;
}
