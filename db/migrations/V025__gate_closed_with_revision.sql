-- Less database work per write (issue 20): the trigger on the unit's row ran for every update, and every write of
-- data updates the row. Of what it looks for, only the head moving off a gated revision comes with a write of data,
-- and a write of data always inserts the revision that becomes the head (its number one above the old head's). So
-- GateClosed is now found where that revision is inserted, and the row's trigger runs only when a column it reports
-- on changes (a WHEN clause, tested without calling the function).

CREATE OR REPLACE FUNCTION revision_created() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    v_space_id uuid;
    v_space    text;
    v_unit     text;
    v_mirrored boolean;
BEGIN
    SELECT s.id, s.slug, u.slug, EXISTS (SELECT 1 FROM git_mirror m WHERE m.space_id = s.id)
      INTO v_space_id, v_space, v_unit, v_mirrored
      FROM unit u JOIN space s ON s.id = u.space_id WHERE u.id = NEW.unit_id;
    IF NOT FOUND THEN
        RETURN NULL;
    END IF;
    INSERT INTO event (space_id, space, type, unit, payload)
    VALUES (v_space_id, v_space, 'RevisionCreated', v_unit, jsonb_build_object('revisionNum', NEW.num,
        'source', NEW.source, 'author', NEW.author, 'description', NEW.description));
    -- Triggers fire after the whole statement, so the new revision's gates, written by the same statement, are there.
    IF EXISTS (SELECT 1 FROM revision_gate g WHERE g.unit_id = NEW.unit_id AND g.revision_num = NEW.num - 1)
       AND NOT EXISTS (SELECT 1 FROM revision_gate g WHERE g.unit_id = NEW.unit_id AND g.revision_num = NEW.num) THEN
        INSERT INTO event (space_id, space, type, unit, payload)
        VALUES (v_space_id, v_space, 'GateClosed', v_unit, jsonb_build_object('revisionNum', NEW.num));
    END IF;
    IF v_mirrored THEN
        INSERT INTO git_outbox (space_id, unit_id, unit_slug, revision_num, source, description, author, content_sha256,
                                created_at)
        VALUES (v_space_id, NEW.unit_id, v_unit, NEW.num, NEW.source, NEW.description, NEW.author, NEW.content_sha256,
                NEW.created_at);
    END IF;
    RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION event_unit_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.drift IS DISTINCT FROM OLD.drift THEN
        PERFORM emit_event(NEW.id, CASE WHEN NEW.drift = 'None' THEN 'DriftCleared' ELSE 'DriftDetected' END,
            jsonb_build_object('drift', NEW.drift, 'previous', OLD.drift));
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

DROP TRIGGER unit_event ON unit;
CREATE TRIGGER unit_event AFTER UPDATE ON unit FOR EACH ROW
    WHEN (NEW.drift IS DISTINCT FROM OLD.drift OR NEW.health_status IS DISTINCT FROM OLD.health_status
          OR NEW.suspended_at IS DISTINCT FROM OLD.suspended_at)
    EXECUTE FUNCTION event_unit_changed();
