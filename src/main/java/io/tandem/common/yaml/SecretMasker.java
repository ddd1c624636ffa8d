package io.tandem.common.yaml;

import io.tandem.common.error.TandemException;
import java.util.ArrayList;
import java.util.HashMap;
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
    if (text == null || !mayHoldSecret(text)) {
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
      if (isSecret(resource)) {
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

  /**
   * The written text with every masked value ({@code ***} under {@code data} or {@code stringData} of a {@code v1
   * Secret}) replaced by the value {@code stored} holds for that key of the same field of the same Secret, so that
   * writing back what a masked read gave keeps the real values. A masked value with no stored counterpart stays.
   */
  public static String keepStored(String written, String stored) {
    if (written == null || stored == null || !written.contains(MASK) || !mayHoldSecret(stored)) {
      return written;
    }
    if (written.equals(mask(stored))) {
      return stored; // read masked and written back as it was: the stored text, quoting and all
    }
    List<KubernetesResource> resources = ParsedContent.parse(written);
    List<KubernetesResource> kept = keepStored(resources, ParsedContent.parse(stored));
    return kept == resources ? written : TextPatcher.patch(written, kept);
  }

  /** {@link #keepStored(String, String)} over parsed resources; {@code written} itself when nothing was masked. */
  @SuppressWarnings("unchecked")
  public static List<KubernetesResource> keepStored(List<KubernetesResource> written, List<KubernetesResource> stored) {
    Map<String, Map<String, Object>> storedSecrets = new HashMap<>();
    stored.stream().filter(SecretMasker::isSecret).forEach(resource -> storedSecrets.put(resource.id(), resource.content()));
    boolean any = false;
    List<KubernetesResource> kept = new ArrayList<>();
    for (KubernetesResource resource : written) {
      Map<String, Object> original = isSecret(resource) ? storedSecrets.get(resource.id()) : null;
      Map<String, Object> content = original == null ? resource.content() : Trees.deepCopy(resource.content());
      for (String field : original == null ? List.<String>of() : List.of("data", "stringData")) {
        if (content.get(field) instanceof Map<?, ?> values && original.get(field) instanceof Map<?, ?> storedValues) {
          for (Map.Entry<String, Object> entry : ((Map<String, Object>) values).entrySet()) {
            if (MASK.equals(entry.getValue()) && storedValues.containsKey(entry.getKey())) {
              entry.setValue(storedValues.get(entry.getKey()));
              any = true;
            }
          }
        }
      }
      kept.add(original == null ? resource : KubernetesYaml.resource(content, resource.document()));
    }
    return any ? kept : written;
  }

  /**
   * A value read at {@code path} of the resource {@code resourceId} ({@code apiVersion/kind/namespace/name}; an empty
   * path for the whole resource) as a caller who may not read Secret values sees it.
   */
  @SuppressWarnings("unchecked")
  public static Object maskAt(String resourceId, String path, Object value) {
    if (resourceId == null || !resourceId.startsWith("v1/Secret/")) {
      return value;
    }
    String at = path == null ? "" : path;
    if (at.isEmpty() && value instanceof Map<?, ?> resource) {
      Map<String, Object> copy = Trees.deepCopy((Map<String, Object>) resource);
      for (String field : List.of("data", "stringData")) {
        if (copy.get(field) instanceof Map<?, ?> values) {
          ((Map<String, Object>) values).replaceAll((key, item) -> MASK);
        }
      }
      return copy;
    }
    boolean secretValue = at.equals("data") || at.startsWith("data.") || at.equals("stringData") || at.startsWith("stringData.");
    return secretValue ? MASK : value;
  }

  /**
   * Whether the text may hold a Secret, before it is parsed: the decision is the parsed object's, this only skips the
   * parse for text that cannot name the kind. YAML spells a scalar {@code Secret} without those letters in a row only
   * with an escape in a double-quoted scalar (backslash x65 or backslash u0065 for the e, an escaped line break), so
   * a text with neither the word nor a backslash holds none; folding, quoting, tags, anchors and block scalars all
   * keep the letters together.
   */
  static boolean mayHoldSecret(String text) {
    return text.contains("Secret") || text.indexOf('\\') >= 0;
  }

  private static boolean isSecret(KubernetesResource resource) {
    return resource.kind().equals("Secret") && resource.apiVersion().equals("v1");
  }
}
