-- Sync windows: when the server may apply a space's units on its own (allow) and when nobody may without an override
-- (deny), as cron schedules with a duration and a time zone, each for the units a where expression selects.
ALTER TABLE space ADD COLUMN sync_windows jsonb NOT NULL DEFAULT '[]';
-- Why a unit's automatic apply waits (a closed window), until auto_next_at.
ALTER TABLE unit ADD COLUMN auto_waiting text;

COMMENT ON COLUMN space.sync_windows IS 'The space''s sync windows: [{name, kind, schedule, duration, timeZone, where}]';
COMMENT ON COLUMN unit.auto_waiting IS 'Why the automatic apply waits until auto_next_at (a closed sync window); null otherwise';
