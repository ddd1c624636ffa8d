package io.tandem.imports.domain;

import io.tandem.common.yaml.UpgradeMerge;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The file or folder of a Git repository a unit is kept in step with: where it is, how it is read ({@code file}: the
 * file's text; {@code directory}: the YAML files directly in the folder, joined as an import joins them), and the
 * commit and text last taken from it, the base of the next three-way merge.
 *
 * @param path the file, or the folder, in the repository
 * @param checkedAt when the repository was last asked for its head
 * @param lastError why the last check could not read or take the commit; null when it did
 * @param conflict a commit that was not taken because both sides changed the same paths; null when there is none
 * @param credentials {@code token}, {@code password} or {@code none}: all that is said of them
 */
public record UnitOrigin(UUID unitId, String url, String ref, String path, GitImports.Layout layout,
    String syncedCommit, String syncedText, Instant syncedAt, Instant checkedAt, String lastError,
    Conflict conflict, String credentials) {

  /**
   * A commit not taken, with the paths both the repository and the unit changed since the last one taken, met at the
   * unit's head revision {@code headRevision}.
   */
  public record Conflict(String commit, String author, String subject, int headRevision,
      List<UpgradeMerge.Conflict> paths) {}

  UnitOrigin withCredentials(String kind) {
    return new UnitOrigin(unitId, url, ref, path, layout, syncedCommit, syncedText, syncedAt, checkedAt, lastError,
        conflict, kind);
  }
}
