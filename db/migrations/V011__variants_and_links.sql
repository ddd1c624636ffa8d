-- Variants: a unit cloned from an upstream unit (often in another space) records it, and the upstream revision its
-- data is based on; an upgrade merges the upstream's changes since then and moves the base.
CREATE TABLE unit_upstream (
    unit_id           uuid    PRIMARY KEY REFERENCES unit (id) ON DELETE CASCADE,
    upstream_unit_id  uuid    NOT NULL REFERENCES unit (id) ON DELETE CASCADE,
    base_revision_num integer NOT NULL
);
CREATE INDEX idx_unit_upstream_upstream ON unit_upstream (upstream_unit_id);

-- Links: a unit needs values of another (first: the namespace of a linked Namespace unit); providers apply first.
CREATE TABLE unit_link (
    from_unit_id uuid        NOT NULL REFERENCES unit (id) ON DELETE CASCADE,
    to_unit_id   uuid        NOT NULL REFERENCES unit (id) ON DELETE CASCADE,
    created_at   timestamptz NOT NULL,
    CONSTRAINT unit_link_pkey PRIMARY KEY (from_unit_id, to_unit_id),
    CONSTRAINT unit_link_not_self CHECK (from_unit_id <> to_unit_id)
);
CREATE INDEX idx_unit_link_to ON unit_link (to_unit_id);

-- An action may wait for others (a consumer's apply for its providers' applies, queued together).
ALTER TABLE unit_action ADD COLUMN depends_on uuid[] NOT NULL DEFAULT '{}';
