-- The content hash of each unit's head revision, kept on the unit's row: a write locks that row and finds the head's
-- text by its hash in the server's cache of contents, instead of reading revision and blob again. Written with
-- head_revision_num, by the unit's insert and by every head advance.
ALTER TABLE unit ADD COLUMN head_sha256 text;
UPDATE unit u SET head_sha256 = r.content_sha256 FROM revision r WHERE r.unit_id = u.id AND r.num = u.head_revision_num;
