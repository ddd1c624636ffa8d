package io.tandem.imports.domain;

import io.tandem.common.error.TandemException;
import io.tandem.common.naming.LabelSelectors;
import io.tandem.common.naming.Slugs;
import io.tandem.targets.domain.ObjectSelection;
import java.util.List;
import java.util.regex.Pattern;

/** A cluster import's request, checked: which target, which objects, how grouped. */
record ImportSelection(String target, ObjectSelection objects, Grouping.By groupBy) {

  private static final Pattern KIND = Pattern.compile("^([a-z0-9]([-a-z0-9.]*[a-z0-9])?/)?[A-Za-z][A-Za-z0-9]*$");

  /** @throws TandemException {@code validation-failed} naming the field that is wrong */
  static ImportSelection of(ClusterImports.Request request) {
    String target = Slugs.require("target", request.target());
    List<String> namespaces = request.namespaces() == null ? List.of() : request.namespaces();
    namespaces.forEach(namespace -> Slugs.require("namespaces", namespace));
    List<String> kinds = request.kinds() == null ? List.of() : request.kinds().stream().map(ImportSelection::kind).toList();
    List<String> names = request.names() == null ? List.of() : request.names();
    for (String name : names) {
      if (name == null || name.isBlank() || name.length() > 253 || name.contains("/")) {
        throw TandemException.validation("Field 'names' holds '" + name + "', which is not the name of an object.");
      }
    }
    String selector = LabelSelectors.require("labelSelector", request.labelSelector());
    return new ImportSelection(target, new ObjectSelection(namespaces, kinds, selector, names), groupBy(request.groupBy()));
  }

  /** The namespaces asked for; empty for all but the cluster's own. */
  List<String> namespaces() {
    return objects.namespaces();
  }

  /** Whether the request names the objects: then nothing it selects is left out as made or as the cluster's own. */
  boolean named() {
    return !objects.names().isEmpty();
  }

  private static String kind(String kind) {
    if (kind == null || !KIND.matcher(kind.strip()).matches()) {
      throw TandemException.validation("Field 'kinds' holds '" + kind + "': a kind is Kind or group/Kind (Deployment,"
          + " apps/Deployment, core/Service).");
    }
    return kind.strip();
  }

  private static Grouping.By groupBy(String groupBy) {
    if (groupBy == null || groupBy.isBlank()) {
      return Grouping.By.app;
    }
    for (Grouping.By by : Grouping.By.values()) {
      if (by.name().equals(groupBy.strip())) {
        return by;
      }
    }
    throw TandemException.validation("Field 'groupBy' must be 'namespace', 'app' or 'object', not '" + groupBy + "'.");
  }
}
