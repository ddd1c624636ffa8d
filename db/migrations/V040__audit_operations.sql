-- What a write did, beyond its method and path: the operation (RestoreRevision, SetDriftMode, applyUnit …) and a few
-- words of its object and values (revision 18, driftMode: Capture).
ALTER TABLE audit_event ADD COLUMN operation text, ADD COLUMN detail text;

COMMENT ON COLUMN audit_event.operation IS 'The API operation, or the finer one its handler named (RestoreRevision, SetTarget)';
COMMENT ON COLUMN audit_event.detail IS 'Its object and values, in a few words; null when the operation says it all';
