-- Live state: what Tandem last saw of a unit's objects on its target, cleaned of server-populated fields.
-- baseline is the live state when configuration and cluster last agreed (after an apply, or a capture); a refresh
-- compares the current live state with it, so API-server defaults, present in both, never read as drift.

CREATE TABLE unit_live (
    unit_id     uuid        PRIMARY KEY REFERENCES unit (id) ON DELETE CASCADE,
    baseline    jsonb       NOT NULL,
    observed    jsonb       NOT NULL,
    resources   jsonb       NOT NULL,
    missing     jsonb       NOT NULL DEFAULT '[]'::jsonb,
    observed_at timestamptz NOT NULL
);

ALTER TABLE unit_action ADD COLUMN dry_run boolean NOT NULL DEFAULT false;
-- background: queued by the periodic drift detection, which acts by the unit's drift mode (Report, Capture, Revert)
ALTER TABLE unit_action ADD COLUMN background boolean NOT NULL DEFAULT false;
