package io.tandem.imports.domain;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/** Which files of a Git import hold Kubernetes objects, and why the others do not. */
final class ManifestFiles {

  private ManifestFiles() {}

  /** Why a file is not to become (part of) a unit, with whether that is a failure; null for a candidate. */
  record Verdict(boolean failed, String reason) {}

  static Verdict screen(String file, String text) {
    String lower = file.toLowerCase(Locale.ROOT);
    if (!lower.endsWith(".yaml") && !lower.endsWith(".yml")) {
      return new Verdict(false, "Not a YAML file.");
    }
    List<Object> documents = new ArrayList<>();
    try {
      new Yaml(new SafeConstructor(new LoaderOptions())).loadAll(text).forEach(documents::add);
    } catch (RuntimeException e) {
      return new Verdict(true, "Not valid YAML: " + e.getMessage().lines().findFirst().orElse(""));
    }
    boolean anyObject = false;
    for (Object document : documents) {
      if (document instanceof Map<?, ?> map && map.get("apiVersion") instanceof String apiVersion && map.get("kind") != null) {
        if (apiVersion.startsWith("kustomize.config.k8s.io/")) {
          return new Verdict(false, "A Kustomize configuration, not a Kubernetes object.");
        }
        anyObject = true;
      }
    }
    return anyObject ? null : new Verdict(false, "Holds no Kubernetes object (no apiVersion and kind).");
  }
}
