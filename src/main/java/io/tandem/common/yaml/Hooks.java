package io.tandem.common.yaml;

import java.util.List;
import java.util.Map;

/**
 * Hook objects among a unit's data: objects annotated {@code argocd.argoproj.io/hook} or {@code helm.sh/hook}. They
 * are run by an apply at their phase (or skipped), never applied as configuration: not owned, not watched, not
 * drift, not part of the unit's health, and not deleted by a prune or destroy.
 */
public final class Hooks {

  public static final String ARGO_HOOK = "argocd.argoproj.io/hook";
  public static final String HELM_HOOK = "helm.sh/hook";

  private Hooks() {}

  /** Whether {@code resource} is a hook (or an object Argo CD is told to skip). */
  public static boolean isHook(KubernetesResource resource) {
    Map<String, String> annotations = annotations(resource.content());
    return annotations.containsKey(ARGO_HOOK) || annotations.containsKey(HELM_HOOK);
  }

  /**
   * The objects of {@code data} that are configuration, hooks left out: {@code data} itself when it has none (most
   * units; a look at the text decides without parsing it), else those objects rendered anew.
   */
  public static String withoutHooks(String data) {
    if (data == null || !mayHaveHooks(data)) {
      return data;
    }
    List<KubernetesResource> resources = ParsedContent.parse(data);
    if (resources.stream().noneMatch(Hooks::isHook)) {
      return data;
    }
    return KubernetesYaml.render(resources.stream().filter(resource -> !isHook(resource))
        .map(KubernetesResource::content).toList());
  }

  /** Whether the text names either hook annotation; {@code false} proves there is no hook. */
  public static boolean mayHaveHooks(String data) {
    return data.contains(ARGO_HOOK) || data.contains(HELM_HOOK);
  }

  /** The object's annotations whose values are text. */
  public static Map<String, String> annotations(Map<String, Object> content) {
    if (!(content.get("metadata") instanceof Map<?, ?> metadata) || !(metadata.get("annotations") instanceof Map<?, ?> map)) {
      return Map.of();
    }
    java.util.LinkedHashMap<String, String> annotations = new java.util.LinkedHashMap<>();
    map.forEach((key, value) -> {
      if (key instanceof String name && value != null) {
        annotations.put(name, String.valueOf(value));
      }
    });
    return annotations;
  }
}
