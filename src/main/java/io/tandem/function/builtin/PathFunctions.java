package io.tandem.function.builtin;

import io.tandem.common.error.TandemException;
import io.tandem.function.domain.Arguments;
import io.tandem.function.domain.FunctionContext;
import io.tandem.function.domain.PathExpression;
import java.util.List;
import java.util.Map;

/** What set-string-path, set-int-path, set-bool-path and delete-path share. */
final class PathFunctions {

  private PathFunctions() {}

  static List<Map<String, Object>> selected(FunctionContext context, String resourceType) {
    return context.resources().stream()
        .filter(resource -> resourceType == null || resourceType.equals(resource.get("apiVersion") + "/" + resource.get("kind")))
        .toList();
  }

  static void set(FunctionContext context, Arguments arguments, Object value) {
    PathExpression path = arguments.path("path");
    if (path.toString().equals("apiVersion") || path.toString().equals("kind") || path.toString().startsWith("metadata.name")) {
      throw TandemException.invalidArgument("Parameter 'path' may not change a resource's apiVersion, kind or name.");
    }
    for (Map<String, Object> resource : selected(context, arguments.string("resourceType"))) {
      path.set(resource, value);
    }
  }
}
