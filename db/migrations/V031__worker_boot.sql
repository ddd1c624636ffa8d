-- Each start of a worker says an id of its own (boot): calls sent to an earlier start were lost with it, and are
-- answered as failed as soon as the new start first asks for work, so their actions fail now, not at their timeout.
ALTER TABLE cluster_worker ADD COLUMN boot text;
