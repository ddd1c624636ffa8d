-- pgbench script for request-path.sh: the least database work one new revision needs, in one transaction, on the
-- revision store's own tables (db/migrations/V001__revision_store.sql): advance the unit's head (which also locks
-- the unit and says the new revision's number), store the content blob (content-addressed, so an upsert) and
-- insert the revision. Each client writes its own unit (pgbench-<client_id>); the data is the fixture with a new
-- replica count and a value unique to the unit and revision, like the API side's. Run with -M prepared (the data is
-- then a parameter, as the server's JDBC driver sends it) and -D fixture=<the YAML>.
BEGIN;
UPDATE unit SET head_revision_num = head_revision_num + 1, version = version + 1, updated_at = now()
 WHERE space_id = (SELECT id FROM space WHERE slug = 'bench') AND slug = 'pgbench-' || :client_id
RETURNING id AS unit_id, head_revision_num AS num,
          replace(replace(CAST(:fixture AS text), 'replicas: 1' || chr(10), 'replicas: ' || (head_revision_num % 1000 + 1) || chr(10)),
                  'value: "50051"', 'value: "' || (CAST(:client_id AS bigint) * 1000000000 + head_revision_num) || '"') AS body \gset
INSERT INTO content_blob (sha256, size_bytes, body)
VALUES (encode(sha256(convert_to(CAST(:body AS text), 'UTF8')), 'hex'), octet_length(CAST(:body AS text)), :body)
ON CONFLICT (sha256) DO NOTHING;
INSERT INTO revision (unit_id, num, source, description, author, created_at, content_sha256, mutations)
VALUES (CAST(:unit_id AS uuid), :num, 'Update', '', 'pgbench', now(),
        encode(sha256(convert_to(CAST(:body AS text), 'UTF8')), 'hex'),
        CAST('[{"resource":"apps/v1/Deployment//paymentservice","path":"spec.replicas","op":"replace","by":"update"},{"resource":"apps/v1/Deployment//paymentservice","path":"spec.template.spec.containers.0.env.0.value","op":"replace","by":"update"}]' AS jsonb));
COMMIT;
