package io.tandem.replica.domain;

import java.util.Collection;

/**
 * Work that one replica at a time does, named by lease: {@code target:<slug>} or {@code job:<name>}. The names a
 * feature lists are divided fairly among the live replicas, each prefix (the text before ':') on its own.
 */
public interface LeasedWork {

  /** The lease names of this work, as of now. */
  Collection<String> leaseNames();

  static String target(String slug) {
    return "target:" + slug;
  }

  static String job(String name) {
    return "job:" + name;
  }
}
