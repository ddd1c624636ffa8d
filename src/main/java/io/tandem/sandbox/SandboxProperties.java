package io.tandem.sandbox;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The sandbox cluster's settings ({@code tandem.sandbox.*}).
 *
 * @param enabled run the sandbox and register it as the target {@code sandbox}
 * @param port the port of its API server; 0 picks a free one
 * @param engine {@code kube-apiserver}, {@code mock}, or {@code auto} (the real one where its binaries are found)
 * @param binaries where the control plane's binaries are; empty for the build script's cache
 * @param startTimeout how long the real control plane may take to come up
 */
@ConfigurationProperties("tandem.sandbox")
public record SandboxProperties(
    @DefaultValue("true") boolean enabled,
    @DefaultValue("0") int port,
    @DefaultValue("auto") String engine,
    @DefaultValue("") String binaries,
    @DefaultValue("120s") Duration startTimeout) {}
