-- Each table is written by one feature's persistence package (ArchitectureTest's table owners). The unit's row held
-- columns that three other features wrote: its health (health), its drift (live) and its change set (changeset);
-- applied_object (apply's) held its objects' health. Each moves to a table of its writer's own, keyed by the row it
-- describes and deleted with it. A unit's row is now written only when the unit itself changes, which also keeps the
-- frequent health and drift writes off the widest row of the schema.

CREATE TABLE unit_health (
    unit_id     uuid        PRIMARY KEY REFERENCES unit (id) ON DELETE CASCADE,
    status      text        NOT NULL,
    reason      text,
    object      text,
    observed_at timestamptz
);
INSERT INTO unit_health (unit_id, status, reason, object, observed_at)
SELECT id, health_status, health_reason, health_object, health_observed_at FROM unit WHERE health_status IS NOT NULL;
CREATE INDEX idx_unit_health_status ON unit_health (status);

-- No row: None.
CREATE TABLE unit_drift (
    unit_id uuid PRIMARY KEY REFERENCES unit (id) ON DELETE CASCADE,
    drift   text NOT NULL CHECK (drift IN ('Drifted', 'Unknown'))
);
INSERT INTO unit_drift (unit_id, drift) SELECT id, drift FROM unit WHERE drift <> 'None';

CREATE TABLE change_set_unit (
    unit_id       uuid PRIMARY KEY REFERENCES unit (id) ON DELETE CASCADE,
    change_set_id uuid NOT NULL REFERENCES change_set (id) ON DELETE CASCADE
);
INSERT INTO change_set_unit (unit_id, change_set_id) SELECT id, change_set_id FROM unit WHERE change_set_id IS NOT NULL;
CREATE INDEX idx_change_set_unit_change_set ON change_set_unit (change_set_id);

-- An applied object's health, while it is applied.
CREATE TABLE object_health (
    target           text        NOT NULL,
    api_group        text        NOT NULL,
    kind             text        NOT NULL,
    namespace        text        NOT NULL,
    name             text        NOT NULL,
    status           text        NOT NULL,
    reason           text,
    observed_at      timestamptz NOT NULL,
    -- the resource version the health was read from: a late watch event of an older version does not overwrite it
    resource_version text,
    PRIMARY KEY (target, api_group, kind, namespace, name),
    FOREIGN KEY (target, api_group, kind, namespace, name)
        REFERENCES applied_object (target, api_group, kind, namespace, name) ON DELETE CASCADE
);
INSERT INTO object_health (target, api_group, kind, namespace, name, status, reason, observed_at, resource_version)
SELECT target, api_group, kind, namespace, name, health_status, health_reason, health_observed_at,
       health_resource_version
  FROM applied_object WHERE health_status IS NOT NULL;

-- The unit's events that its row's trigger found come from the new tables' triggers, with the same payloads.
CREATE FUNCTION event_unit_health_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    v_unit_id  uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.unit_id ELSE NEW.unit_id END;
    v_previous text := CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.status END;
    v_health   text := CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.status END;
BEGIN
    IF v_health IS DISTINCT FROM v_previous THEN
        PERFORM emit_event(v_unit_id, 'UnitHealthChanged', jsonb_build_object('health', v_health,
            'previous', v_previous,
            'reason', CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.reason END,
            'object', CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.object END));
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER unit_health_event AFTER INSERT OR UPDATE OR DELETE ON unit_health FOR EACH ROW
    EXECUTE FUNCTION event_unit_health_changed();

CREATE FUNCTION event_unit_drift_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    v_unit_id  uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.unit_id ELSE NEW.unit_id END;
    v_previous text := CASE WHEN TG_OP = 'INSERT' THEN 'None' ELSE OLD.drift END;
    v_drift    text := CASE WHEN TG_OP = 'DELETE' THEN 'None' ELSE NEW.drift END;
BEGIN
    IF v_drift IS DISTINCT FROM v_previous THEN
        PERFORM emit_event(v_unit_id, CASE WHEN v_drift = 'None' THEN 'DriftCleared' ELSE 'DriftDetected' END,
            jsonb_build_object('drift', v_drift, 'previous', v_previous));
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER unit_drift_event AFTER INSERT OR UPDATE OR DELETE ON unit_drift FOR EACH ROW
    EXECUTE FUNCTION event_unit_drift_changed();

CREATE OR REPLACE FUNCTION event_unit_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.suspended_at IS NULL THEN
        PERFORM emit_event(NEW.id, 'UnitResumed', jsonb_build_object('suspendedBy', OLD.suspended_by,
            'reason', OLD.suspended_reason));
    ELSE
        PERFORM emit_event(NEW.id, 'UnitSuspended', jsonb_build_object('by', NEW.suspended_by,
            'reason', NEW.suspended_reason));
    END IF;
    RETURN NULL;
END $$;
DROP TRIGGER unit_event ON unit;
CREATE TRIGGER unit_event AFTER UPDATE ON unit FOR EACH ROW
    WHEN (NEW.suspended_at IS DISTINCT FROM OLD.suspended_at)
    EXECUTE FUNCTION event_unit_changed();

DROP INDEX idx_unit_space_health;
ALTER TABLE unit
    DROP COLUMN health_status,
    DROP COLUMN health_reason,
    DROP COLUMN health_object,
    DROP COLUMN health_observed_at,
    DROP COLUMN drift,
    DROP COLUMN change_set_id;
ALTER TABLE applied_object
    DROP COLUMN health_status,
    DROP COLUMN health_reason,
    DROP COLUMN health_observed_at,
    DROP COLUMN health_resource_version;
