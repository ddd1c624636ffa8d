-- A unit kept in step with the file or folder of a Git repository it came from (its origin): where, how it was
-- read, and the commit and text last taken from there, the base of the next three-way merge (what the repository
-- changed since is merged into the unit's data, the unit's own changes kept). A commit that could not be merged is
-- recorded with its conflicts; the unit's head stays as it was until it is resolved.
CREATE TABLE unit_origin (
    unit_id        uuid PRIMARY KEY REFERENCES unit (id) ON DELETE CASCADE,
    url            text        NOT NULL,
    ref            text        NOT NULL,
    path           text        NOT NULL,
    layout         text        NOT NULL CHECK (layout IN ('file', 'directory')),
    credentials    bytea,
    synced_commit  text        NOT NULL,
    synced_text    text        NOT NULL,
    synced_at      timestamptz NOT NULL,
    checked_at     timestamptz NOT NULL,
    last_error     text,
    conflict       jsonb
);
CREATE INDEX idx_unit_origin_url_ref ON unit_origin (url, ref);

COMMENT ON TABLE unit_origin IS 'A unit kept in step with a file or folder of a Git repository';
COMMENT ON COLUMN unit_origin.credentials IS 'Sealed with tandem.encryption-key, bound to the unit''s id';
COMMENT ON COLUMN unit_origin.synced_text IS 'The unit''s text at synced_commit: the base of the next merge';
COMMENT ON COLUMN unit_origin.conflict IS 'A commit not taken, with the paths both sides changed: {commit, conflicts}';

ALTER TABLE revision DROP CONSTRAINT revision_source_check;
ALTER TABLE revision ADD CONSTRAINT revision_source_check
    CHECK (source IN ('Create', 'Update', 'Function', 'Restore', 'Refresh', 'Import', 'Upgrade', 'Git'));
