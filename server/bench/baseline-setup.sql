-- psql script for request-path.sh: the baseline's units, one per pgbench client, each at revision 1, in a database
-- that has the revision store's tables. Variables: clients, fixture.
INSERT INTO space (id, slug, display_name, drift_mode, created_at, updated_at)
VALUES (gen_random_uuid(), 'bench', 'bench', 'Report', now(), now());
INSERT INTO content_blob (sha256, size_bytes, body)
VALUES (encode(sha256(convert_to(:'fixture', 'UTF8')), 'hex'), octet_length(:'fixture'), :'fixture');
INSERT INTO unit (id, space_id, slug, display_name, drift_mode, version, head_revision_num, created_at, updated_at)
SELECT gen_random_uuid(), s.id, 'pgbench-' || n, 'pgbench-' || n, 'Report', 1, 1, now(), now()
  FROM space s, generate_series(0, :clients - 1) AS n
 WHERE s.slug = 'bench';
INSERT INTO revision (unit_id, num, source, description, author, created_at, content_sha256)
SELECT u.id, 1, 'Create', '', 'pgbench', now(), encode(sha256(convert_to(:'fixture', 'UTF8')), 'hex')
  FROM unit u;
