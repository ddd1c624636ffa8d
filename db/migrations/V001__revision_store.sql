-- The revision store: spaces, units, their append-only revisions, and content-addressed blobs.

CREATE TABLE space (
    id           uuid        PRIMARY KEY,
    slug         text        NOT NULL,
    display_name text        NOT NULL,
    labels       jsonb       NOT NULL DEFAULT '{}'::jsonb,
    drift_mode   text        NOT NULL,
    created_at   timestamptz NOT NULL,
    updated_at   timestamptz NOT NULL,
    CONSTRAINT space_slug_key UNIQUE (slug),
    CONSTRAINT space_drift_mode_check CHECK (drift_mode IN ('Report', 'Capture', 'Revert'))
);
COMMENT ON TABLE space IS 'A named container of units.';

-- Unit data, stored once per distinct text. Never updated; rows may be shared by many revisions of many units.
CREATE TABLE content_blob (
    sha256     text    PRIMARY KEY,
    size_bytes integer NOT NULL,
    body       text    NOT NULL
);
COMMENT ON TABLE content_blob IS 'Unit data as the user gave it, keyed by the SHA-256 of its UTF-8 bytes.';

CREATE TABLE unit (
    id                          uuid        PRIMARY KEY,
    space_id                    uuid        NOT NULL REFERENCES space (id) ON DELETE CASCADE,
    slug                        text        NOT NULL,
    display_name                text        NOT NULL,
    labels                      jsonb       NOT NULL DEFAULT '{}'::jsonb,
    target                      text,
    drift_mode                  text        NOT NULL,
    drift                       text        NOT NULL DEFAULT 'None',
    version                     bigint      NOT NULL,
    head_revision_num           integer     NOT NULL,
    last_applied_revision_num   integer     NOT NULL DEFAULT 0,
    live_revision_num           integer     NOT NULL DEFAULT 0,
    previous_live_revision_num  integer     NOT NULL DEFAULT 0,
    created_at                  timestamptz NOT NULL,
    updated_at                  timestamptz NOT NULL,
    CONSTRAINT unit_space_id_slug_key UNIQUE (space_id, slug),
    CONSTRAINT unit_drift_mode_check CHECK (drift_mode IN ('Report', 'Capture', 'Revert')),
    CONSTRAINT unit_drift_check CHECK (drift IN ('None', 'Drifted', 'Unknown'))
);
COMMENT ON COLUMN unit.version IS 'Increases on every change of the unit, data or metadata; the ETag of the unit.';
COMMENT ON COLUMN unit.head_revision_num IS 'The latest revision; advanced only together with the insert of that revision.';

-- Append-only: a revision row is never updated or deleted except with its unit.
CREATE TABLE revision (
    unit_id        uuid        NOT NULL REFERENCES unit (id) ON DELETE CASCADE,
    num            integer     NOT NULL,
    source         text        NOT NULL,
    description    text        NOT NULL,
    author         text        NOT NULL,
    created_at     timestamptz NOT NULL,
    content_sha256 text        NOT NULL REFERENCES content_blob (sha256),
    restored_from  integer,
    mutations      jsonb       NOT NULL DEFAULT '[]'::jsonb,
    CONSTRAINT revision_pkey PRIMARY KEY (unit_id, num),
    CONSTRAINT revision_num_check CHECK (num > 0),
    CONSTRAINT revision_source_check
        CHECK (source IN ('Create', 'Update', 'Function', 'Restore', 'Refresh', 'Import', 'Upgrade'))
);
COMMENT ON COLUMN revision.mutations IS 'Path-level changes from the previous revision, with what made each.';
CREATE INDEX idx_revision_content_sha256 ON revision (content_sha256);
