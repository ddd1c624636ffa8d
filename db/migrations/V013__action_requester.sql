-- Who asked for an action: the authenticated subject, or 'tandem' for what the server queues itself (background
-- refreshes, reverts of drift).
ALTER TABLE unit_action ADD COLUMN requested_by text NOT NULL DEFAULT 'tandem';
