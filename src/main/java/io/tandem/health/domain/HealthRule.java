package io.tandem.health.domain;

import io.tandem.common.error.TandemException;
import java.time.Instant;
import java.util.regex.Pattern;

/**
 * When objects of one kind are healthy, in CEL over the live object ({@code object}): {@code healthy} must be true for
 * it to be Healthy, {@code degraded} (optional) true makes it Degraded, and {@code reason} (optional) says why, in a
 * few words. A space's rule for a kind wins over the server's, which wins over the library's, which wins over the
 * built-in rules.
 *
 * @param space the space it holds in; {@code null} for the server's rules and the library's
 * @param group the API group, empty for the core group
 * @param scope {@code space}, {@code server} or {@code library}
 */
public record HealthRule(String space, String group, String kind, String healthy, String degraded, String reason,
    String scope, Instant updatedAt, String updatedBy) {

  private static final Pattern KIND = Pattern.compile("[A-Z][A-Za-z0-9]{0,62}");
  private static final Pattern GROUP = Pattern.compile("[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?");

  /** Which objects it is for, as the API names it: {@code Certificate.cert-manager.io}, {@code ConfigMap}. */
  public String kindName() {
    return kindName(group, kind);
  }

  static String kindName(String group, String kind) {
    return group.isEmpty() ? kind : kind + "." + group;
  }

  /** A kind and group as the API names them. */
  public record Kind(String group, String kind) {

    public String kindName() {
      return HealthRule.kindName(group, kind);
    }

    /**
     * The kind and group a name such as {@code Certificate.cert-manager.io} names.
     *
     * @throws TandemException {@code validation-failed} unless {@code Kind} or {@code Kind.group}
     */
    public static Kind parse(String name) {
      int dot = name == null ? -1 : name.indexOf('.');
      String kind = dot < 0 ? name : name.substring(0, dot);
      String group = dot < 0 ? "" : name.substring(dot + 1);
      if (kind == null || !KIND.matcher(kind).matches() || (!group.isEmpty() && !GROUP.matcher(group).matches())) {
        throw TandemException.validation("'" + name + "' is not a kind: name it Kind.group, such as"
            + " Certificate.cert-manager.io, or Kind alone for the core group.");
      }
      return new Kind(group, kind);
    }

    /** The group of an object's {@code apiVersion}: {@code apps} of {@code apps/v1}, empty for {@code v1}. */
    public static Kind of(String apiVersion, String kind) {
      int slash = apiVersion == null ? -1 : apiVersion.indexOf('/');
      return new Kind(slash < 0 ? "" : apiVersion.substring(0, slash), kind);
    }
  }
}
