-- Safe delivery: triggers that validate every new revision, the apply gates they leave, approvals, tags and change
-- sets.

-- A validating function with its arguments, run on every data change of the space's units.
CREATE TABLE trigger (
    id          uuid        PRIMARY KEY,
    space_id    uuid        NOT NULL REFERENCES space (id) ON DELETE CASCADE,
    slug        text        NOT NULL,
    function    text        NOT NULL,
    arguments   jsonb       NOT NULL DEFAULT '[]'::jsonb,
    description text        NOT NULL DEFAULT '',
    disabled    boolean     NOT NULL DEFAULT false,
    created_at  timestamptz NOT NULL,
    updated_at  timestamptz NOT NULL,
    CONSTRAINT trigger_space_slug_key UNIQUE (space_id, slug)
);

-- The gates on a revision: one entry per failing trigger, with the findings. Written with the revision (in its
-- transaction), and again for head revisions when the space's triggers change. A separate table, because revision
-- rows are never updated.
CREATE TABLE revision_gate (
    unit_id      uuid    NOT NULL,
    revision_num integer NOT NULL,
    gates        jsonb   NOT NULL,
    CONSTRAINT revision_gate_pkey PRIMARY KEY (unit_id, revision_num),
    CONSTRAINT revision_gate_revision_fkey FOREIGN KEY (unit_id, revision_num) REFERENCES revision (unit_id, num) ON DELETE CASCADE
);

-- Approvals are of one revision: a new revision starts with none.
CREATE TABLE approval (
    unit_id      uuid        NOT NULL,
    revision_num integer     NOT NULL,
    approver     text        NOT NULL,
    approved_at  timestamptz NOT NULL,
    CONSTRAINT approval_pkey PRIMARY KEY (unit_id, revision_num, approver),
    CONSTRAINT approval_revision_fkey FOREIGN KEY (unit_id, revision_num) REFERENCES revision (unit_id, num) ON DELETE CASCADE
);
ALTER TABLE space ADD COLUMN required_approvals integer NOT NULL DEFAULT 0;
ALTER TABLE space ADD CONSTRAINT space_required_approvals_check CHECK (required_approvals BETWEEN 0 AND 100);

-- A named set of revisions across a space's units (at most one per unit).
CREATE TABLE tag (
    id          uuid        PRIMARY KEY,
    space_id    uuid        NOT NULL REFERENCES space (id) ON DELETE CASCADE,
    slug        text        NOT NULL,
    description text        NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL,
    CONSTRAINT tag_space_slug_key UNIQUE (space_id, slug)
);
CREATE TABLE tag_revision (
    tag_id       uuid    NOT NULL REFERENCES tag (id) ON DELETE CASCADE,
    unit_id      uuid    NOT NULL,
    revision_num integer NOT NULL,
    CONSTRAINT tag_revision_pkey PRIMARY KEY (tag_id, unit_id),
    CONSTRAINT tag_revision_revision_fkey FOREIGN KEY (unit_id, revision_num) REFERENCES revision (unit_id, num) ON DELETE CASCADE
);

-- A change set groups related changes across units: a unit in a change set records it on every revision it gets.
CREATE TABLE change_set (
    id          uuid        PRIMARY KEY,
    space_id    uuid        NOT NULL REFERENCES space (id) ON DELETE CASCADE,
    slug        text        NOT NULL,
    description text        NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL,
    CONSTRAINT change_set_space_slug_key UNIQUE (space_id, slug)
);
ALTER TABLE unit ADD COLUMN change_set_id uuid REFERENCES change_set (id) ON DELETE SET NULL;
-- No cascade: revision rows are never updated, so a change set that revisions name is not deleted.
ALTER TABLE revision ADD COLUMN change_set_id uuid REFERENCES change_set (id);
CREATE INDEX idx_revision_change_set ON revision (change_set_id) WHERE change_set_id IS NOT NULL;
