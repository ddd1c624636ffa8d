package io.tandem.imports.domain;

import java.util.Locale;

/** Unit names made of what is imported: paths of a repository, releases and kinds of a chart. */
final class ImportNames {

  private ImportNames() {}

  /** A unit slug from a path: lower case, other characters as dashes, at most 63 characters. */
  static String slug(String path) {
    String slug = path.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
    if (slug.length() > 63) {
      slug = slug.substring(0, 63).replaceAll("-+$", "");
    }
    return slug;
  }

  static String stripExtension(String file) {
    int dot = file.lastIndexOf('.');
    return dot > file.lastIndexOf('/') ? file.substring(0, dot) : file;
  }

  /** The last segment of a path or URL, without a trailing slash or extension: {@code acme/deploy.git} → deploy. */
  static String lastSegment(String pathOrUrl) {
    String trimmed = pathOrUrl.replaceAll("/+$", "");
    return stripExtension(trimmed.substring(trimmed.lastIndexOf('/') + 1));
  }
}
