package io.tandem.apply;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Applies in steps: waves and hooks ({@code tandem.apply.*}).
 *
 * @param stepTimeout the longest a step (a wave, a hook) may take to be healthy; {@code waitFor=healthy} sets its own
 * @param stepPoll how often a waiting step's objects are read
 */
@ConfigurationProperties("tandem.apply")
public record ApplyProperties(
    @DefaultValue("10m") Duration stepTimeout,
    @DefaultValue("1s") Duration stepPoll) {}
