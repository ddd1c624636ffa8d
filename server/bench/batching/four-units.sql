-- pgbench script: one-unit.sql for four units at once (pgbench-<4 * client_id> to pgbench-<4 * client_id + 3>), in one
-- statement: what writing four concurrent changes together (a group commit) would ask of the database.
WITH u AS (UPDATE unit SET head_revision_num = head_revision_num + 1, version = version + 1, updated_at = now()
 WHERE space_id = (SELECT id FROM space WHERE slug = 'bench') AND slug IN ('pgbench-' || (4 * :client_id), 'pgbench-' || (4 * :client_id + 1), 'pgbench-' || (4 * :client_id + 2), 'pgbench-' || (4 * :client_id + 3))
 RETURNING id, head_revision_num AS num,
   replace(CAST(:fixture AS text), 'value: "50051"', 'value: "' || slug || '-' || head_revision_num || '"') AS body),
 b AS (INSERT INTO content_blob (sha256, size_bytes, body)
   SELECT encode(sha256(convert_to(body, 'UTF8')), 'hex'), octet_length(body), body FROM u ON CONFLICT (sha256) DO NOTHING)
INSERT INTO revision (unit_id, num, source, description, author, created_at, content_sha256, mutations)
SELECT u.id, u.num, 'Update', '', 'pgbench', now(), encode(sha256(convert_to(u.body, 'UTF8')), 'hex'),
  CAST('[{"resource":"apps/v1/Deployment//paymentservice","path":"spec.template.spec.containers.0.env.0.value","op":"replace","by":"update"}]' AS jsonb)
FROM u;
