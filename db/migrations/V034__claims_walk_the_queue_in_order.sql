-- A claim takes the oldest open action it may run, walking the open actions in (created_at, id) order and stopping
-- at the first: an index on created_at alone had every action a bulk request queued (one created_at for them all)
-- read and sorted first. For each action the walk reaches, whether its unit has an older open action is one probe.
CREATE INDEX idx_unit_action_open_order ON unit_action (created_at, id) WHERE status IN ('Pending', 'Running');
CREATE INDEX idx_unit_action_open_unit ON unit_action (unit_id, created_at, id) WHERE status IN ('Pending', 'Running');
DROP INDEX idx_unit_action_open;
