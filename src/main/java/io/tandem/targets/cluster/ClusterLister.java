package io.tandem.targets.cluster;

import io.fabric8.kubernetes.api.model.APIGroup;
import io.fabric8.kubernetes.api.model.APIGroupList;
import io.fabric8.kubernetes.api.model.APIResource;
import io.fabric8.kubernetes.api.model.APIResourceList;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.fabric8.kubernetes.api.model.ListOptionsBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.tandem.common.config.JsonColumns;
import io.tandem.common.error.TandemException;
import io.tandem.targets.domain.ClusterListing;
import io.tandem.targets.domain.ObjectSelection;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Reads what an {@link ObjectSelection} picks: the kinds from the API server's discovery (the preferred version of each
 * group), then the objects of each kind, a page at a time. Asked for every kind, it leaves out Events (a record of what
 * happened, never configuration) and the metrics APIs (computed, not stored), and notes the kinds it may not list
 * rather than failing on them.
 */
final class ClusterLister {

  private static final Set<String> COMPUTED_GROUPS = Set.of("metrics.k8s.io", "custom.metrics.k8s.io", "external.metrics.k8s.io");
  private static final Set<Integer> NOT_LISTABLE = Set.of(403, 404, 405, 503);
  private static final long PAGE = 500;

  private ClusterLister() {}

  /** A kind the cluster serves, at its group's preferred version. */
  record Served(String group, String version, APIResource resource) {

    String kind() {
      return resource.getKind();
    }

    String apiVersion() {
      return group.isEmpty() ? version : group + "/" + version;
    }

    boolean namespaced() {
      return Boolean.TRUE.equals(resource.getNamespaced());
    }

    boolean listable() {
      return resource.getVerbs() != null && resource.getVerbs().contains("list") && !resource.getName().contains("/");
    }

    boolean answersTo(String name) {
      return name.equalsIgnoreCase(kind()) || name.equalsIgnoreCase(resource.getName())
          || name.equalsIgnoreCase(resource.getSingularName());
    }

    @Override
    public String toString() {
      return group.isEmpty() ? kind() : group + "/" + kind();
    }
  }

  static ClusterListing list(KubernetesClient client, ObjectSelection selection) {
    List<Served> served = discover(client);
    List<Served> kinds = selection.kinds().isEmpty() ? everyNamespacedKind(served)
        : selection.kinds().stream().map(kind -> resolve(served, kind)).distinct().toList();
    List<Map<String, Object>> objects = new ArrayList<>();
    List<String> unread = new ArrayList<>();
    for (Served kind : kinds) {
      try {
        objects.addAll(objects(client, kind, selection));
      } catch (KubernetesClientException e) {
        if (!selection.kinds().isEmpty() || !NOT_LISTABLE.contains(e.getCode())) {
          throw e;
        }
        unread.add(kind + ": " + ClusterConnector.describe(e));
      }
    }
    objects.sort(Comparator.comparing((Map<String, Object> object) -> object.get("apiVersion") + "/" + object.get("kind"))
        .thenComparing(object -> field(object, "namespace")).thenComparing(object -> field(object, "name")));
    return new ClusterListing(objects, unread);
  }

  private static List<Served> discover(KubernetesClient client) {
    List<Served> served = new ArrayList<>();
    add(served, "", "v1", client.getApiResources("v1"));
    APIGroupList groups = client.getApiGroups();
    for (APIGroup group : groups == null || groups.getGroups() == null ? List.<APIGroup>of() : groups.getGroups()) {
      if (group.getPreferredVersion() == null) {
        continue;
      }
      try {
        add(served, group.getName(), group.getPreferredVersion().getVersion(),
            client.getApiResources(group.getPreferredVersion().getGroupVersion()));
      } catch (KubernetesClientException e) {
        if (!NOT_LISTABLE.contains(e.getCode())) {
          throw e;
        }
        // an aggregated API that is down: its kinds are not served now
      }
    }
    return served;
  }

  private static void add(List<Served> served, String group, String version, APIResourceList resources) {
    if (resources != null && resources.getResources() != null) {
      resources.getResources().forEach(resource -> served.add(new Served(group, version, resource)));
    }
  }

  private static List<Served> everyNamespacedKind(List<Served> served) {
    return served.stream()
        .filter(kind -> kind.namespaced() && kind.listable() && !kind.kind().equals("Event")
            && !COMPUTED_GROUPS.contains(kind.group()))
        .toList();
  }

  /** {@code Kind}, {@code group/Kind} or {@code core/Kind}, or the plural or singular name instead of the kind. */
  private static Served resolve(List<Served> served, String wanted) {
    int slash = wanted.lastIndexOf('/');
    String name = wanted.substring(slash + 1);
    String group = slash < 0 ? null : wanted.substring(0, slash).toLowerCase(Locale.ROOT);
    String core = "core".equals(group) ? "" : group;
    List<Served> matches = served.stream()
        .filter(kind -> kind.listable() && kind.answersTo(name) && (core == null || kind.group().equals(core)))
        .toList();
    if (matches.isEmpty()) {
      throw TandemException.validation("Kind '" + wanted + "' is not served by the cluster (or cannot be listed).");
    }
    if (matches.size() > 1) {
      throw TandemException.validation("Kind '" + wanted + "' is served by several API groups ("
          + matches.stream().map(Served::toString).collect(Collectors.joining(", ")) + "); name one as group/Kind.");
    }
    if (!matches.get(0).namespaced()) {
      throw TandemException.validation("Kind '" + wanted + "' is not namespaced; an import reads namespaced objects only.");
    }
    return matches.get(0);
  }

  private static List<Map<String, Object>> objects(KubernetesClient client, Served kind, ObjectSelection selection) {
    ResourceDefinitionContext context = ResourceDefinitionContext.fromApiResource(kind.apiVersion(), kind.resource());
    List<Map<String, Object>> objects = new ArrayList<>();
    List<String> namespaces = selection.namespaces().isEmpty() ? java.util.Collections.singletonList(null) : selection.namespaces();
    for (String namespace : namespaces) {
      String next = null;
      do {
        var resources = client.genericKubernetesResources(context);
        GenericKubernetesResourceList page = (namespace == null ? resources.inAnyNamespace() : resources.inNamespace(namespace))
            .list(new ListOptionsBuilder().withLimit(PAGE).withContinue(next).withLabelSelector(selection.labelSelector()).build());
        for (GenericKubernetesResource item : page.getItems()) {
          if (selection.names().isEmpty() || selection.names().contains(item.getMetadata().getName())) {
            objects.add(asMap(client, kind, item));
          }
        }
        next = page.getMetadata() == null ? null : page.getMetadata().getContinue();
      } while (next != null && !next.isEmpty());
    }
    return objects;
  }

  /** The object as a plain tree; items of a list come without their apiVersion and kind, which the list implies. */
  private static Map<String, Object> asMap(KubernetesClient client, Served kind, GenericKubernetesResource item) {
    Map<String, Object> object = new LinkedHashMap<>();
    object.put("apiVersion", kind.apiVersion());
    object.put("kind", kind.kind());
    JsonColumns.readMap(client.getKubernetesSerialization().asJson(item)).forEach((key, value) -> {
      if (value != null) {
        object.put(key, value);
      }
    });
    return object;
  }

  private static String field(Map<String, Object> object, String key) {
    return object.get("metadata") instanceof Map<?, ?> metadata && metadata.get(key) != null ? metadata.get(key).toString() : "";
  }
}
