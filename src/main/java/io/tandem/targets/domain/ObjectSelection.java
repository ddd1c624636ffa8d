package io.tandem.targets.domain;

import java.util.List;

/**
 * Which objects to read from a cluster. Empty lists select everything; the selection is read as given (validated by
 * the caller).
 *
 * @param namespaces the namespaces to read; empty for all
 * @param kinds {@code Kind} or {@code group/Kind} ({@code core/Service} for the core group), matched without regard
 *     to case, or a resource's plural name ({@code deployments}); empty for every namespaced kind that can be listed,
 *     except Events
 * @param labelSelector a Kubernetes label selector, or {@code null}
 * @param names only objects of these names; empty for any
 */
public record ObjectSelection(List<String> namespaces, List<String> kinds, String labelSelector, List<String> names) {

  public ObjectSelection {
    namespaces = namespaces == null ? List.of() : List.copyOf(namespaces);
    kinds = kinds == null ? List.of() : List.copyOf(kinds);
    names = names == null ? List.of() : List.copyOf(names);
  }
}
