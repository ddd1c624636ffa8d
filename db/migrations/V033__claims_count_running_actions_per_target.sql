-- Every claim counts the running actions of each target (tandem.worker.per-target): those with a live lease, a
-- handful, found without reading the open actions a bulk request queued (thousands).
CREATE INDEX idx_unit_action_leased ON unit_action (lease_until) WHERE status = 'Running' AND lease_owner IS NOT NULL;
