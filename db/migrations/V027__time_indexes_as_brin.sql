-- Less database work per write (issue 20): every change of data inserts an event, and every write request an audit
-- entry, and each insert also went into a B-tree over the row's time. Those B-trees serve only range scans: the
-- events' retention (created_at < the cutoff) and the audit log's filter on At. Both tables are appended to in time
-- order, so a BRIN index (the least and greatest time of each range of pages) serves the same scans, while an insert
-- into it changes nothing until the range it lands in is summarized. autosummarize has autovacuum summarize each range
-- once it is full; a range not yet summarized is read whole, which only costs the scan of its last pages.
DROP INDEX idx_event_created_at;
CREATE INDEX idx_event_created_at ON event USING brin (created_at) WITH (autosummarize = on);
DROP INDEX idx_audit_event_at;
CREATE INDEX idx_audit_event_at ON audit_event USING brin (at) WITH (autosummarize = on);
