-- Less database work per write (issue 20): every change of a unit's data inserts a revision and updates the unit's
-- row, and both paid for more than they needed.

-- 1. The unit's update can be heap-only (HOT: no new entries in any of the unit's indexes) once no index covers a
-- column that every write changes. Two did:
--  - idx_unit_head_objects, a GIN index over the head's objects, which no query uses: resourceType and whereData
--    expand head_objects with jsonb_array_elements and test each object, which no index serves.
--  - idx_unit_space_id_slug_unapplied, partial on head_revision_num > live_revision_num. The filter it served reads a
--    space's units through unit_space_id_slug_key and tests the two columns on the row instead.
-- Free room on each page lets the new version of a row stay on its page, which HOT needs; it applies to pages
-- filled from now on.
DROP INDEX idx_unit_head_objects;
DROP INDEX idx_unit_space_id_slug_unapplied;
ALTER TABLE unit SET (fillfactor = 70);

-- 2. One trigger on a revision's insert instead of two, each of which looked the unit up again (and the event's
-- through a second function): the RevisionCreated event and, in a mirrored space, the Git outbox row. Both are still
-- written in the revision's own transaction.
CREATE FUNCTION revision_created() RETURNS trigger LANGUAGE plpgsql AS $$
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
    IF v_mirrored THEN
        INSERT INTO git_outbox (space_id, unit_id, unit_slug, revision_num, source, description, author, content_sha256,
                                created_at)
        VALUES (v_space_id, NEW.unit_id, v_unit, NEW.num, NEW.source, NEW.description, NEW.author, NEW.content_sha256,
                NEW.created_at);
    END IF;
    RETURN NULL;
END $$;

DROP TRIGGER revision_event ON revision;
DROP TRIGGER revision_git_outbox ON revision;
DROP FUNCTION event_revision_created();
DROP FUNCTION git_outbox_revision();
CREATE TRIGGER revision_created AFTER INSERT ON revision FOR EACH ROW EXECUTE FUNCTION revision_created();
