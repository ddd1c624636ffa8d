package io.tandem.imports.domain;

/**
 * The part of a rendering a unit was made of: how the rendering was cut, and the group's key (the app, namespace,
 * kind, or {@code apiVersion/kind/namespace/name} of an object); the empty key for the unit named after the rendering,
 * which takes what no other unit of it takes.
 *
 * @param source the rendering, shared by the units made of it ({@link #ofChart}, {@link #ofGitFolder})
 */
public record RenderGroup(String source, GroupBy by, String key) {

  public static String ofChart(ChartOrigin origin, String release) {
    return "helm " + origin.source() + " " + (origin.location() == null ? "" : origin.location()) + " "
        + (origin.name() == null ? "" : origin.name()) + " release " + release;
  }

  /**
   * The {@code source} of the units rendered from a folder of a Git repository.
   *
   * @param folder the folder in the repository
   */
  public static String ofGitFolder(String url, String folder) {
    return "git " + url + " " + folder;
  }

  boolean takesTheRest() {
    return key.isEmpty();
  }
}
