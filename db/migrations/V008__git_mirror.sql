-- Git mirror: a space's revisions written, one commit each, to a branch of a Git repository.

CREATE TABLE git_mirror (
    space_id            uuid        PRIMARY KEY REFERENCES space (id) ON DELETE CASCADE,
    url                 text        NOT NULL,
    branch              text        NOT NULL,
    path_prefix         text        NOT NULL,
    credentials         bytea,
    -- Active: pushing as revisions come; Retrying: the last push failed and is retried at next_attempt_at;
    -- Conflict: the remote changed files the mirror is about to write; stopped until resumed.
    status              text        NOT NULL,
    pushed_commit       text,
    pushed_seq          bigint,
    pushed_unit         text,
    pushed_revision_num integer,
    pushed_at           timestamptz,
    last_error          text,
    last_error_at       timestamptz,
    attempts            integer     NOT NULL DEFAULT 0,
    next_attempt_at     timestamptz NOT NULL,
    overwrite_once      boolean     NOT NULL DEFAULT false,
    leased_until        timestamptz,
    created_at          timestamptz NOT NULL,
    updated_at          timestamptz NOT NULL,
    CONSTRAINT git_mirror_status_check CHECK (status IN ('Active', 'Retrying', 'Conflict'))
);
COMMENT ON COLUMN git_mirror.credentials IS 'AES-GCM sealed JSON (token, or username and password); the space id is the associated data.';
COMMENT ON COLUMN git_mirror.pushed_commit IS 'The remote branch head after the last push: where the mirror''s own history ends.';

-- The outbox: what is still to be pushed, in seq order. Rows are written by triggers in the same transaction as the
-- revision (or the unit deletion), so no change can commit without its row; a row is deleted once its commit is
-- on the remote. No foreign keys: a deletion cascading from a space must not be stopped by its own outbox rows;
-- rows of spaces without a mirror are dropped by the mirror worker.
-- A row carries what its commit needs (the revision's content hash and metadata; blobs are never deleted), so a
-- revision is still mirrored when its unit is deleted before the push.
CREATE TABLE git_outbox (
    seq            bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    space_id       uuid        NOT NULL,
    unit_id        uuid        NOT NULL,
    unit_slug      text        NOT NULL,
    revision_num   integer,    -- null: the unit was deleted
    source         text,
    description    text,
    author         text,
    content_sha256 text,
    created_at     timestamptz NOT NULL
);
CREATE INDEX idx_git_outbox_space ON git_outbox (space_id, seq);

CREATE FUNCTION git_outbox_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO git_outbox (space_id, unit_id, unit_slug, revision_num, source, description, author, content_sha256, created_at)
    SELECT u.space_id, u.id, u.slug, NEW.num, NEW.source, NEW.description, NEW.author, NEW.content_sha256, NEW.created_at
      FROM unit u JOIN git_mirror m ON m.space_id = u.space_id
     WHERE u.id = NEW.unit_id;
    RETURN NULL;
END $$;

CREATE TRIGGER revision_git_outbox AFTER INSERT ON revision FOR EACH ROW EXECUTE FUNCTION git_outbox_revision();

CREATE FUNCTION git_outbox_unit_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO git_outbox (space_id, unit_id, unit_slug, revision_num, created_at)
    SELECT OLD.space_id, OLD.id, OLD.slug, NULL, now()
      FROM git_mirror m WHERE m.space_id = OLD.space_id;
    RETURN NULL;
END $$;

CREATE TRIGGER unit_git_outbox AFTER DELETE ON unit FOR EACH ROW EXECUTE FUNCTION git_outbox_unit_deleted();
