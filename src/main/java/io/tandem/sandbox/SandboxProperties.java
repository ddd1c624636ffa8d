package io.tandem.sandbox;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The sandbox cluster a local run starts for trying units out ({@code tandem.sandbox.*}).
 *
 * @param enabled whether the server starts a sandbox cluster (and accepts {@code file:} Git URLs, a local run)
 * @param port the port of the sandbox's API server; 0 picks a free one
 * @param engine {@code kube-apiserver} (a real control plane), {@code mock} (an in-memory fake), or {@code auto}: the
 *     real one where its binaries are found, else the mock
 * @param binaries the folder with the control plane's binaries; unset means {@code $TANDEM_CLUSTER_CACHE}, else the
 *     cache that {@code server/sandbox/build-cluster.sh} fills, else the PATH
 * @param startTimeout how long the real control plane may take to become ready
 * @param openToEverySpace whether every space may apply to the sandbox, import from it and read its live objects, in
 *     every namespace, but neither objects of cluster scope (other than Namespaces) nor Secret values of an import;
 *     turn it off where several teams share a server, and grant spaces the sandbox one by one
 */
@ConfigurationProperties("tandem.sandbox")
public record SandboxProperties(
    @DefaultValue("true") boolean enabled,
    @DefaultValue("0") int port,
    @DefaultValue("auto") String engine,
    @DefaultValue("") String binaries,
    @DefaultValue("120s") Duration startTimeout,
    @DefaultValue("true") boolean openToEverySpace) {}
