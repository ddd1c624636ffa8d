package io.tandem.health.domain;

import io.tandem.common.cel.CelExpression;
import io.tandem.health.status.ObjectHealth;
import io.tandem.health.status.ObjectStatus;
import io.tandem.health.status.StatusRules;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The health of one live object in a space: by the space's rule for its kind, else the server's, else the library's
 * ({@code health/rule-library.yaml}), else kstatus's built-in rules. An object being deleted, or not there, is so
 * whatever the rule. A rule that fails to evaluate makes the object {@code Unknown} with the error. The stored rules
 * are read again at most every two seconds (and at once after this server changed one), so every replica follows a
 * change within that.
 */
@Component
public class HealthRules {

  private static final Duration STALE = Duration.ofSeconds(2);
  static final String VARIABLE = "object";

  /** A rule with its expressions compiled. */
  record Compiled(HealthRule rule, CelExpression healthy, CelExpression degraded, CelExpression reason) {

    static Compiled of(HealthRule rule) {
      return new Compiled(rule, CelExpression.compile(VARIABLE, rule.healthy()),
          rule.degraded() == null ? null : CelExpression.compile(VARIABLE, rule.degraded()),
          rule.reason() == null ? null : CelExpression.compile(VARIABLE, rule.reason()));
    }
  }

  /** The rules by space ({@code ""}: the server's and the library's), then by kind name. */
  private record Snapshot(Map<String, Map<String, Compiled>> bySpace, Instant readAt) {}

  private final HealthRuleStore store;
  private final Clock clock;
  private final List<Compiled> library;
  private volatile Snapshot snapshot;

  public HealthRules(HealthRuleStore store, Clock clock) {
    this.store = store;
    this.clock = clock;
    this.library = library();
  }

  /** {@code object} as the API server returns it; {@code null} is NotFound. */
  public ObjectHealth of(String space, Map<String, Object> object) {
    if (object == null || (object.get("metadata") instanceof Map<?, ?> metadata && metadata.get("deletionTimestamp") != null)) {
      return StatusRules.of(object);
    }
    Compiled rule = ruleFor(space, HealthRule.Kind.of(string(object.get("apiVersion")), string(object.get("kind"))));
    return rule == null ? StatusRules.of(object) : evaluate(rule, object);
  }

  /** Whether any rule, of any space, is for objects of this kind: else the space need not be looked up. */
  public boolean covers(String group, String kind) {
    String name = HealthRule.kindName(group, kind);
    return current().bySpace().values().stream().anyMatch(rules -> rules.containsKey(name));
  }

  /** The rules that hold in {@code space} ({@code null}: the server's), the space's first, each kind once. */
  public List<HealthRule> effective(String space) {
    Map<String, HealthRule> rules = new java.util.LinkedHashMap<>();
    Snapshot now = current();
    for (String scope : space == null ? List.of("") : List.of(space, "")) {
      now.bySpace().getOrDefault(scope, Map.of()).values().forEach(rule -> rules.putIfAbsent(rule.rule().kindName(), rule.rule()));
    }
    return List.copyOf(rules.values());
  }

  /** Reads the stored rules again at the next evaluation. */
  void changed() {
    snapshot = null;
  }

  static ObjectHealth evaluate(Compiled rule, Map<String, Object> object) {
    String name = rule.rule().kindName();
    try {
      if (rule.degraded() != null && isTrue("degraded", rule.degraded().evaluate(object))) {
        return ObjectHealth.failed(reason(rule, object, "Degraded by its health rule"));
      }
      return isTrue("healthy", rule.healthy().evaluate(object))
          ? ObjectHealth.current(reason(rule, object, "Healthy by its health rule"))
          : ObjectHealth.inProgress(reason(rule, object, "Not healthy by its health rule yet"));
    } catch (RuntimeException e) {
      return new ObjectHealth(ObjectStatus.Unknown, "The health rule of " + name + " did not evaluate: " + e.getMessage());
    }
  }

  private static boolean isTrue(String which, Object value) {
    if (value instanceof Boolean bool) {
      return bool;
    }
    throw new IllegalStateException("its '" + which + "' expression gave " + (value == null ? "null" : value.getClass()
        .getSimpleName()) + ", not a boolean");
  }

  /** The rule's reason, or {@code otherwise} when it has none or it does not evaluate to text. */
  private static String reason(Compiled rule, Map<String, Object> object, String otherwise) {
    if (rule.reason() == null) {
      return otherwise;
    }
    try {
      Object reason = rule.reason().evaluate(object);
      return reason instanceof String text && !text.isBlank() ? text : otherwise;
    } catch (RuntimeException e) {
      return otherwise;
    }
  }

  private Compiled ruleFor(String space, HealthRule.Kind kind) {
    Snapshot now = current();
    Compiled own = space == null ? null : now.bySpace().getOrDefault(space, Map.of()).get(kind.kindName());
    return own != null ? own : now.bySpace().getOrDefault("", Map.of()).get(kind.kindName());
  }

  private Snapshot current() {
    Snapshot now = snapshot;
    if (now == null || now.readAt().plus(STALE).isBefore(clock.instant())) {
      now = read();
      snapshot = now;
    }
    return now;
  }

  private Snapshot read() {
    Map<String, Map<String, Compiled>> bySpace = new HashMap<>();
    for (HealthRule rule : store.all()) {
      bySpace.computeIfAbsent(rule.space() == null ? "" : rule.space(), s -> new HashMap<>())
          .put(rule.kindName(), Compiled.of(rule));
    }
    Map<String, Compiled> server = bySpace.computeIfAbsent("", s -> new HashMap<>());
    library.forEach(rule -> server.putIfAbsent(rule.rule().kindName(), rule));
    return new Snapshot(bySpace, clock.instant());
  }

  @SuppressWarnings("unchecked")
  static List<Compiled> library() {
    try (InputStream in = HealthRules.class.getResourceAsStream("/health/rule-library.yaml")) {
      List<Map<String, String>> rules = new Yaml(new SafeConstructor(new LoaderOptions())).load(in);
      return rules.stream().map(rule -> Compiled.of(new HealthRule(null, rule.get("group"), rule.get("kind"),
          rule.get("healthy"), rule.get("degraded"), rule.get("reason"), "library", null, null))).toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String string(Object value) {
    return value instanceof String text ? text : null;
  }
}
