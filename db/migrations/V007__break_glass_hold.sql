-- Break-glass hold: in drift mode Revert, a change made on the cluster by a person's tool (a kubectl… field manager)
-- is held, reported but not reverted, until held_until; the first refresh after that reverts it. Cleared when
-- configuration and cluster agree again (an apply, a capture, or a refresh that finds no drift).

ALTER TABLE unit_live ADD COLUMN held_by    jsonb;
ALTER TABLE unit_live ADD COLUMN held_since timestamptz;
ALTER TABLE unit_live ADD COLUMN held_until timestamptz;
