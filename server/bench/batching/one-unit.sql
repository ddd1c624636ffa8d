-- pgbench script: the bare revision of baseline.sql as the server writes a change, one statement that commits by
-- itself (the unit's head, the content blob and the revision in common table expressions), for one unit
-- (pgbench-<client_id>). With four-units.sql, it measures how much of a revision's database work is per statement
-- and commit: see docs/operations.md ("in the evening of 2026-12-02") for how to run both. -D fixture=<the YAML>.
WITH u AS (UPDATE unit SET head_revision_num = head_revision_num + 1, version = version + 1, updated_at = now()
 WHERE space_id = (SELECT id FROM space WHERE slug = 'bench') AND slug = 'pgbench-' || :client_id
 RETURNING id, head_revision_num AS num,
   replace(CAST(:fixture AS text), 'value: "50051"', 'value: "' || slug || '-' || head_revision_num || '"') AS body),
 b AS (INSERT INTO content_blob (sha256, size_bytes, body)
   SELECT encode(sha256(convert_to(body, 'UTF8')), 'hex'), octet_length(body), body FROM u ON CONFLICT (sha256) DO NOTHING)
INSERT INTO revision (unit_id, num, source, description, author, created_at, content_sha256, mutations)
SELECT u.id, u.num, 'Update', '', 'pgbench', now(), encode(sha256(convert_to(u.body, 'UTF8')), 'hex'),
  CAST('[{"resource":"apps/v1/Deployment//paymentservice","path":"spec.template.spec.containers.0.env.0.value","op":"replace","by":"update"}]' AS jsonb)
FROM u;
