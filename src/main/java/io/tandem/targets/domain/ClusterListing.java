package io.tandem.targets.domain;

import java.util.List;
import java.util.Map;

/**
 * Objects read from a cluster by an {@link ObjectSelection}, each as the API server returns it (with its
 * managedFields and status, {@code apiVersion} and {@code kind} set), ordered by kind, namespace and name.
 *
 * @param unread kinds that could not be listed when every kind was asked for, each with why ({@code
 *     rbac.authorization.k8s.io/Role: HTTP 403 from the cluster (Forbidden)}); a kind named in the selection that
 *     cannot be listed fails the listing instead
 */
public record ClusterListing(List<Map<String, Object>> objects, List<String> unread) {}
