-- A structured projection of each unit's head data, for queries over the configuration itself (resourceType and
-- whereData): the head's Kubernetes objects as a JSON array. NULL until computed; the server fills in rows written
-- before this column existed when it starts.

ALTER TABLE unit ADD COLUMN head_objects jsonb;
COMMENT ON COLUMN unit.head_objects IS 'The head revision''s objects as JSON, kept in step with head_revision_num.';
CREATE INDEX idx_unit_head_objects ON unit USING gin (head_objects jsonb_path_ops);
