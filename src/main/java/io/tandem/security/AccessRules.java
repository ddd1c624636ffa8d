package io.tandem.security;

import io.tandem.common.access.Role;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which caller may call which route: one table, by method and path, so that every route has a rule (the role matrix
 * test checks each route of the OpenAPI document against it). Everything under a space needs a role in that space;
 * organisation admins may do everything.
 */
final class AccessRules {

  /** What a request needs: any caller, an organisation admin, or a role in a space. */
  record Requirement(boolean orgAdmin, String space, Role role) {

    static final Requirement AUTHENTICATED = new Requirement(false, null, null);
    static final Requirement ORG_ADMIN = new Requirement(true, null, null);

    static Requirement in(String space, Role role) {
      return new Requirement(false, space, role);
    }
  }

  private static final Pattern SPACE = Pattern.compile("^/api/v1/spaces/([^/]+)(/.*)?$");
  private static final Pattern APPLIER_ROUTES = Pattern.compile(
      "^/units/[^/]+/(apply|refresh|destroy)$|^/actions$|^/tags/[^/]+/apply$|^/change-sets/[^/]+/apply$");
  private static final Pattern ADMIN_ROUTES = Pattern.compile("^/(triggers|git-mirror|webhooks|roles)(/.*)?$");

  private AccessRules() {}

  static Requirement of(String method, String path) {
    boolean read = method.equals("GET") || method.equals("HEAD");
    if (path.startsWith("/api/v1/tokens") || path.startsWith("/api/v1/audit")) {
      return Requirement.ORG_ADMIN;
    }
    if (path.startsWith("/api/v1/targets")) {
      return read && !path.endsWith("/kubeconfig") ? Requirement.AUTHENTICATED : Requirement.ORG_ADMIN;
    }
    if (path.equals("/api/v1/actions")) {
      return Requirement.ORG_ADMIN; // bulk actions across every space
    }
    Matcher space = SPACE.matcher(path);
    if (!space.matches()) {
      // the space list and creation, the function catalog, an action by id, the event stream (filtered by role)
      return Requirement.AUTHENTICATED;
    }
    String slug = space.group(1);
    String rest = space.group(2) == null ? "" : space.group(2);
    if (rest.isEmpty()) {
      return Requirement.in(slug, read ? Role.viewer : Role.admin);
    }
    if (ADMIN_ROUTES.matcher(rest).matches()) {
      return Requirement.in(slug, read ? Role.viewer : Role.admin);
    }
    if (read) {
      return Requirement.in(slug, Role.viewer);
    }
    if (APPLIER_ROUTES.matcher(rest).matches()) {
      return Requirement.in(slug, Role.applier);
    }
    return Requirement.in(slug, Role.editor);
  }
}
