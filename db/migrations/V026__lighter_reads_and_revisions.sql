-- Less database work per read and write (issue 20).
--
-- Every revision's insert also wrote an entry into an index of revisions by content hash that no query reads. It would
-- serve only the foreign key's check when a content blob is deleted, and blobs are never deleted (other revisions may
-- share them); a clean-up of unused blobs would want it back.
DROP INDEX idx_revision_content_sha256;

-- Reads of a unit with its data now find the head's text by the hash on the unit's row, without the head revision's
-- row: every writer of a head sets the hash with it (V022), and from now on the database holds them to it.
ALTER TABLE unit ALTER COLUMN head_sha256 SET NOT NULL;
