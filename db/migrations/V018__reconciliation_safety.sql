-- Stopping the loop, and gates before what cannot be undone.
--
-- Suspension: while a unit or its space is suspended nothing automatic happens to the unit (no revert of drift, no
-- apply the server queues itself); drift and health are still observed. Who suspended it, why and when; null when
-- it is not suspended. A suspension is not a change of the unit: its version stays.
ALTER TABLE unit
    ADD COLUMN suspended_by     text,
    ADD COLUMN suspended_reason text,
    ADD COLUMN suspended_at     timestamptz;

ALTER TABLE space
    ADD COLUMN suspended_by     text,
    ADD COLUMN suspended_reason text,
    ADD COLUMN suspended_at     timestamptz,
    -- an approval by the author of the revision does not count
    ADD COLUMN four_eyes        boolean NOT NULL DEFAULT false,
    -- destroying or deleting a unit with objects on a cluster needs confirm=<unit slug> (bulk: confirm and count)
    ADD COLUMN destroy_gate     boolean NOT NULL DEFAULT true;

-- The target an action acts on when it is not the unit's own: the destroy on the old target of a unit that moves to
-- another one. Null: the unit's target when the action runs.
ALTER TABLE unit_action ADD COLUMN target text;

-- A unit's suspension and resumption are events (UnitSuspended: by, reason; UnitResumed: the suspendedBy and reason
-- it ends), beside those of V010 and V016.
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
    IF NEW.suspended_at IS DISTINCT FROM OLD.suspended_at THEN
        IF NEW.suspended_at IS NULL THEN
            PERFORM emit_event(NEW.id, 'UnitResumed', jsonb_build_object('suspendedBy', OLD.suspended_by,
                'reason', OLD.suspended_reason));
        ELSE
            PERFORM emit_event(NEW.id, 'UnitSuspended', jsonb_build_object('by', NEW.suspended_by,
                'reason', NEW.suspended_reason));
        END IF;
    END IF;
    RETURN NULL;
END $$;

-- A space's suspension and resumption: SpaceSuspended, SpaceResumed, about no unit.
CREATE FUNCTION event_space_suspension() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.suspended_at IS DISTINCT FROM OLD.suspended_at THEN
        INSERT INTO event (space_id, space, type, unit, payload)
        VALUES (NEW.id, NEW.slug, CASE WHEN NEW.suspended_at IS NULL THEN 'SpaceResumed' ELSE 'SpaceSuspended' END, NULL,
            CASE WHEN NEW.suspended_at IS NULL
                 THEN jsonb_build_object('suspendedBy', OLD.suspended_by, 'reason', OLD.suspended_reason)
                 ELSE jsonb_build_object('by', NEW.suspended_by, 'reason', NEW.suspended_reason) END);
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER space_suspension_event AFTER UPDATE OF suspended_at ON space FOR EACH ROW
    EXECUTE FUNCTION event_space_suspension();
