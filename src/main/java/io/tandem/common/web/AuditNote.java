package io.tandem.common.web;

import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

/**
 * What a write's audit entry says it did beyond its method and path, told by the API edge before the change: an
 * operation finer than the route's ({@code RestoreRevision}, {@code SetDriftMode} of a unit's PATCH) and a few words
 * of its values. Without one the entry names the route's operation.
 */
public final class AuditNote {

  public static final String OPERATION = "tandem.audit.operation";
  public static final String DETAIL = "tandem.audit.detail";

  private AuditNote() {}

  /** For the request on this thread; nothing outside a request. */
  public static void set(String operation, String detail) {
    if (RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attributes) {
      attributes.getRequest().setAttribute(OPERATION, operation);
      attributes.getRequest().setAttribute(DETAIL, detail);
    }
  }
}
