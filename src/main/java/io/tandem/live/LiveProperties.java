package io.tandem.live;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Drift detection: how the live objects of applied units are watched, refreshed and compared ({@code tandem.live.*}).
 *
 * @param refreshInterval how often units whose live state is due are queued for a background refresh
 * @param detectionEnabled whether background refreshes are queued at all (an explicit refresh still works)
 * @param detectionBatch the most background refreshes queued in one pass
 * @param watchEnabled whether the server watches the objects it applied, so that a change shows within seconds
 * @param watchResync how often the watches are reconciled with the units that are applied
 * @param ignoredManagers field managers (controllers) whose changes to live objects are not drift, and whose fields a
 *     cluster import does not take as configuration
 * @param breakGlassHold under drift mode Revert, how long a change that people made on the cluster is held before it
 *     is reverted
 */
@ConfigurationProperties("tandem.live")
public record LiveProperties(
    @DefaultValue("30s") Duration refreshInterval,
    @DefaultValue("true") boolean detectionEnabled,
    @DefaultValue("10000") int detectionBatch,
    @DefaultValue("true") boolean watchEnabled,
    @DefaultValue("30s") Duration watchResync,
    @DefaultValue({"kube-controller-manager", "kube-scheduler", "kubelet", "kube-apiserver", "vpa-recommender", "vpa-updater",
        "cluster-autoscaler"})
        List<String> ignoredManagers,
    @DefaultValue("1h") Duration breakGlassHold) {}
