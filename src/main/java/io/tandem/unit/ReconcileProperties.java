package io.tandem.unit;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The reconciliation loop: continuous applies of new head revisions, re-applies of reverted drift, and their retries
 * ({@code tandem.reconcile.*}).
 *
 * @param interval how often each server looks for units that are due for an automatic apply
 * @param retryBase the delay before the first retry of a failed automatic apply; it doubles with each failure
 * @param retryCap the longest delay between retries
 * @param batch the most units one pass looks at in each step
 * @param enabled whether this server runs the loop (other servers on the same database still do)
 */
@ConfigurationProperties("tandem.reconcile")
public record ReconcileProperties(
    @DefaultValue("5s") Duration interval,
    @DefaultValue("10s") Duration retryBase,
    @DefaultValue("10m") Duration retryCap,
    @DefaultValue("500") int batch,
    @DefaultValue("true") boolean enabled) {}
