-- The version of each space's checks (its triggers): every change to a space's triggers gives it a new one, in the
-- change's transaction. A write reads it with the unit it locks and runs the triggers cached at that version, without
-- reading the trigger list again (issue 20). Versions come from one sequence, so a version names one list of one
-- space, even across a space deleted and created again under its slug; 0 is a space whose triggers never changed,
-- which has none.
CREATE SEQUENCE space_checks_version;
ALTER TABLE space ADD COLUMN checks_version bigint NOT NULL DEFAULT 0;

CREATE FUNCTION space_checks_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE space SET checks_version = nextval('space_checks_version') WHERE id = coalesce(NEW.space_id, OLD.space_id);
    RETURN NULL;
END $$;
CREATE TRIGGER space_checks_version AFTER INSERT OR UPDATE OR DELETE ON trigger FOR EACH ROW
    EXECUTE FUNCTION space_checks_changed();
