package io.tandem.space.domain;

import io.tandem.common.error.TandemException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/** The ignore rules of a space or a unit (a unit's own add to its space's), read from a request and matched. */
public record IgnoreRules(List<IgnoreRule> rules) {

  public static final IgnoreRules NONE = new IgnoreRules(List.of());
  static final int MAX_RULES = 50;
  private static final Set<String> KEYS = Set.of("group", "kind", "namespace", "name", "paths", "managers");

  public IgnoreRules {
    rules = List.copyOf(rules);
  }

  /** These rules and {@code more}. */
  public IgnoreRules and(IgnoreRules more) {
    return more.rules.isEmpty() ? this : new IgnoreRules(Stream.concat(rules.stream(), more.rules.stream()).toList());
  }

  /** Whether a rule that picks the object ignores the change at {@code path}, whose field {@code owners} own. */
  public boolean ignores(String apiVersion, String kind, String namespace, String name, String path, Set<String> owners) {
    return rules.stream().anyMatch(rule -> rule.selects(apiVersion, kind, namespace, name) && rule.ignores(path, owners));
  }

  /**
   * Reads the rules of a request ({@code null}: none). Each needs paths or managers; a path is Tandem's dotted path
   * ({@code spec.replicas}, {@code spec.template.spec.containers.*.image}).
   *
   * @throws TandemException {@code validation-failed} naming the field that is wrong
   */
  public static IgnoreRules parse(String field, List<Map<String, Object>> given) {
    if (given == null) {
      return NONE;
    }
    if (given.size() > MAX_RULES) {
      throw TandemException.validation("Field '" + field + "' may hold at most " + MAX_RULES + " rules.");
    }
    List<IgnoreRule> rules = new ArrayList<>();
    for (int i = 0; i < given.size(); i++) {
      rules.add(rule(field + "[" + i + "]", given.get(i)));
    }
    return new IgnoreRules(rules);
  }

  private static IgnoreRule rule(String at, Map<String, Object> rule) {
    rule.keySet().stream().filter(key -> !KEYS.contains(key)).findFirst().ifPresent(key -> {
      throw TandemException.validation("Field '" + at + "." + key + "' is unknown; a rule has " + KEYS.stream().sorted().toList() + ".");
    });
    List<String> paths = texts(at + ".paths", rule.get("paths"));
    List<String> managers = texts(at + ".managers", rule.get("managers"));
    if (paths.isEmpty() && managers.isEmpty()) {
      throw TandemException.validation("Rule '" + at + "' ignores nothing: give it 'paths' or 'managers'.");
    }
    for (String path : paths) {
      if (path.isEmpty() || path.startsWith(".") || path.endsWith(".") || path.contains("..") || path.contains(" ")) {
        throw TandemException.validation("Field '" + at + ".paths' holds '" + path + "', which is no path such as"
            + " 'spec.replicas' or 'spec.template.spec.containers.*.image'.");
      }
    }
    return new IgnoreRule(text(at + ".group", rule.get("group")), text(at + ".kind", rule.get("kind")),
        text(at + ".namespace", rule.get("namespace")), text(at + ".name", rule.get("name")), paths, managers);
  }

  private static String text(String at, Object value) {
    if (value == null || value instanceof String) {
      return (String) value;
    }
    throw TandemException.validation("Field '" + at + "' must be a string.");
  }

  private static List<String> texts(String at, Object value) {
    if (value == null) {
      return List.of();
    }
    if (!(value instanceof List<?> list)
        || !list.stream().allMatch(item -> item instanceof String text && !text.isBlank() && text.length() <= 253)) {
      throw TandemException.validation("Field '" + at + "' must be a list of non-blank strings.");
    }
    return list.stream().map(String.class::cast).toList();
  }
}
