package io.tandem.common.yaml;

import io.tandem.common.error.TandemException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Hides the values of Secrets: every value under {@code data} and {@code stringData} of a {@code v1 Secret} becomes
 * {@code ***}, and everything else, keys and comments included, stays as written.
 */
public final class SecretMasker {

  public static final String MASK = "***";

  private SecretMasker() {}

  /** The text with Secret values masked; unchanged when it holds no Secret (or is not Kubernetes YAML). */
  @SuppressWarnings("unchecked")
  public static String mask(String text) {
    if (text == null || !text.contains("Secret")) {
      return text;
    }
    List<KubernetesResource> resources;
    try {
      resources = ParsedContent.parse(text);
    } catch (TandemException notYaml) {
      return text;
    }
    boolean any = false;
    List<KubernetesResource> masked = new ArrayList<>();
    for (KubernetesResource resource : resources) {
      Map<String, Object> content = Trees.deepCopy(resource.content());
      if (resource.kind().equals("Secret") && resource.apiVersion().equals("v1")) {
        for (String field : List.of("data", "stringData")) {
          if (content.get(field) instanceof Map<?, ?> values && !values.isEmpty()) {
            ((Map<String, Object>) values).replaceAll((key, value) -> MASK);
            any = true;
          }
        }
      }
      masked.add(KubernetesYaml.resource(content, resource.document()));
    }
    return any ? TextPatcher.patch(text, masked) : text;
  }
}
