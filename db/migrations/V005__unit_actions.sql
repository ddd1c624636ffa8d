-- Unit actions: queued and finished apply / refresh / destroy runs. Workers claim them with FOR UPDATE SKIP LOCKED
-- and a lease; a Running action whose lease has expired belongs to a crashed worker and is claimed again.

CREATE TABLE unit_action (
    id                    uuid        PRIMARY KEY,
    unit_id               uuid        NOT NULL REFERENCES unit (id) ON DELETE CASCADE,
    action                text        NOT NULL,
    revision_num          integer,
    status                text        NOT NULL,
    result                text,
    captured_revision_num integer,
    message               text        NOT NULL DEFAULT '',
    created_at            timestamptz NOT NULL,
    started_at            timestamptz,
    finished_at           timestamptz,
    lease_owner           text,
    lease_until           timestamptz,
    attempts              integer     NOT NULL DEFAULT 0,
    CONSTRAINT unit_action_action_check CHECK (action IN ('Apply', 'Refresh', 'Destroy')),
    CONSTRAINT unit_action_status_check CHECK (status IN ('Pending', 'Running', 'Completed', 'Failed', 'Canceled'))
);
CREATE INDEX idx_unit_action_open ON unit_action (created_at) WHERE status IN ('Pending', 'Running');
CREATE INDEX idx_unit_action_unit_id_created_at ON unit_action (unit_id, created_at DESC);
