-- A replica that cannot reach an action's target at all (a network failure before anything was sent) leaves the
-- action to the other live replicas instead of failing it: left_by lists the replicas that could not, left_at is when
-- the first of them left it. The action fails once every live replica has left it, or tandem.worker.handoff after
-- left_at, whichever comes first.
ALTER TABLE unit_action ADD COLUMN left_by uuid[] NOT NULL DEFAULT '{}';
ALTER TABLE unit_action ADD COLUMN left_at timestamptz;
