-- Continuous apply and ignore rules.
--
-- applyMode: OnDemand (a person applies) or Continuous (the server applies a new head once its gates pass, and
-- retries a failed apply with backoff). A unit's null means its space's.
ALTER TABLE space
    ADD COLUMN apply_mode   text  NOT NULL DEFAULT 'OnDemand' CHECK (apply_mode IN ('OnDemand', 'Continuous')),
    -- fields that are never drift, never captured and never reverted: [{group, kind, namespace, name, paths, managers}]
    ADD COLUMN ignore_rules jsonb NOT NULL DEFAULT '[]';

ALTER TABLE unit
    ADD COLUMN apply_mode   text  CHECK (apply_mode IN ('OnDemand', 'Continuous')),
    ADD COLUMN ignore_rules jsonb NOT NULL DEFAULT '[]',
    -- The automatic apply the server works on: the revision it wants live (a Continuous head, or the live revision a
    -- revert applies again), how many attempts it made at it, when the next one is due after a failure (null: as
    -- soon as no attempt is open), and the open attempt. Null revision: nothing to do.
    ADD COLUMN auto_revision_num integer,
    ADD COLUMN auto_attempts     integer NOT NULL DEFAULT 0,
    ADD COLUMN auto_next_at      timestamptz,
    ADD COLUMN auto_action_id    uuid;

-- Automatic applies are background applies. Whatever the replicas race for, a unit has at most one open at a time.
CREATE UNIQUE INDEX unit_action_one_automatic_apply ON unit_action (unit_id)
    WHERE background AND action = 'Apply' AND status IN ('Pending', 'Running');

-- The units the loop looks at each pass.
CREATE INDEX idx_unit_auto ON unit (auto_next_at) WHERE auto_revision_num IS NOT NULL;
