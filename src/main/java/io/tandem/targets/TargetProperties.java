package io.tandem.targets;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Targets, the clusters units are applied to ({@code tandem.targets.*}).
 *
 * @param healthInterval how often every target's API server is checked for reachability
 */
@ConfigurationProperties("tandem.targets")
public record TargetProperties(@DefaultValue("60s") Duration healthInterval) {}
