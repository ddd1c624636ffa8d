package io.tandem.apply;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Applies in steps: waves and hooks ({@code tandem.apply.*}).
 *
 * @param stepTimeout how long one step (a wave, a hook) may take to be healthy, its Jobs complete, before the apply
 *     fails; an apply that waits for health ({@code waitFor=healthy}) uses its own timeout instead
 * @param stepPoll how often a step's objects are read from the cluster while the apply waits for them
 */
@ConfigurationProperties("tandem.apply")
public record ApplyProperties(
    @DefaultValue("10m") Duration stepTimeout,
    @DefaultValue("1s") Duration stepPoll) {}
