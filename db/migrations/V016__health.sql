-- Health: the status of each applied object (kstatus: Current, InProgress, Failed, Terminating, NotFound, Unknown) as
-- the watches last saw it, and each unit's health, the worst of its objects' (Healthy, Progressing, Unknown, Missing,
-- Degraded). Status is read for health only: it never becomes drift, a revision or a mutation. Null until observed.
ALTER TABLE applied_object
    ADD COLUMN health_status           text,
    ADD COLUMN health_reason           text,
    ADD COLUMN health_observed_at      timestamptz,
    -- the resource version the health was read from: a late watch event of an older version does not overwrite it
    ADD COLUMN health_resource_version text;

ALTER TABLE unit
    ADD COLUMN health_status      text,
    ADD COLUMN health_reason      text,
    ADD COLUMN health_object      text,
    ADD COLUMN health_observed_at timestamptz;
CREATE INDEX idx_unit_space_health ON unit (space_id, health_status);

-- An apply that waits for its objects to be healthy: it stays Running, without a lease, until they are, or go Failed,
-- or wait_until passes.
ALTER TABLE unit_action
    ADD COLUMN wait_for        text,
    ADD COLUMN wait_timeout_ms bigint,
    ADD COLUMN wait_until      timestamptz;
CREATE INDEX idx_unit_action_waiting ON unit_action (wait_until) WHERE status = 'Running' AND wait_until IS NOT NULL;

-- A space's default for applies that do not say waitFor.
ALTER TABLE space
    ADD COLUMN apply_wait_for        text,
    ADD COLUMN apply_wait_timeout_ms bigint;

-- A change of a unit's health status is an event (UnitHealthChanged), beside the drift and gate events of V010.
CREATE OR REPLACE FUNCTION event_unit_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.drift IS DISTINCT FROM OLD.drift THEN
        PERFORM emit_event(NEW.id, CASE WHEN NEW.drift = 'None' THEN 'DriftCleared' ELSE 'DriftDetected' END,
            jsonb_build_object('drift', NEW.drift, 'previous', OLD.drift));
    END IF;
    IF NEW.head_revision_num <> OLD.head_revision_num
       AND EXISTS (SELECT 1 FROM revision_gate g WHERE g.unit_id = NEW.id AND g.revision_num = OLD.head_revision_num)
       AND NOT EXISTS (SELECT 1 FROM revision_gate g WHERE g.unit_id = NEW.id AND g.revision_num = NEW.head_revision_num) THEN
        PERFORM emit_event(NEW.id, 'GateClosed', jsonb_build_object('revisionNum', NEW.head_revision_num));
    END IF;
    IF NEW.health_status IS DISTINCT FROM OLD.health_status THEN
        PERFORM emit_event(NEW.id, 'UnitHealthChanged', jsonb_build_object('health', NEW.health_status,
            'previous', OLD.health_status, 'reason', NEW.health_reason, 'object', NEW.health_object));
    END IF;
    RETURN NULL;
END $$;
