package io.tandem.imports.api;

import io.tandem.common.error.TandemException;
import io.tandem.common.yaml.UpgradeMerge;
import io.tandem.imports.domain.GitImports;
import io.tandem.imports.domain.GitOrigins;
import io.tandem.imports.domain.UnitOrigin;
import java.util.Locale;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;

@RestController
class OriginsController implements OriginsApi {

  private final GitOrigins origins;

  OriginsController(GitOrigins origins) {
    this.origins = origins;
  }

  @Override
  public OriginResponse getUnitOrigin(String space, String unit) {
    return response(origins.find(space, unit));
  }

  @Override
  public OriginResponse setUnitOrigin(String space, String unit, OriginRequest request) {
    if (request == null || request.url() == null || request.path() == null) {
      throw TandemException.validation("Give the repository and the file or folder: {\"url\", \"path\"}.");
    }
    return response(origins.watch(space, unit, new GitOrigins.Watch(request.url(), request.ref(), request.path(),
        layout(request.layout()), request.credentials() == null ? null : request.credentials().toCredentials())));
  }

  @Override
  public ResponseEntity<Void> deleteUnitOrigin(String space, String unit) {
    origins.unwatch(space, unit);
    return ResponseEntity.noContent().build();
  }

  @Override
  public SyncResponse syncUnitOrigin(String space, String unit, String strategy) {
    GitOrigins.Synced synced = origins.sync(space, unit, UpgradeMerge.Strategy.parse(strategy));
    return new SyncResponse(synced.outcome(), synced.commit(), synced.headRevisionNum(), synced.error(),
        response(synced.origin()));
  }

  static GitImports.Layout layout(String layout) {
    if (layout == null || layout.isBlank()) {
      return null;
    }
    try {
      GitImports.Layout chosen = GitImports.Layout.valueOf(layout.strip().toLowerCase(Locale.ROOT));
      if (chosen == GitImports.Layout.chart || chosen == GitImports.Layout.kustomize) {
        throw new IllegalArgumentException("a rendered folder is found by its Chart.yaml or kustomization.yaml");
      }
      return chosen;
    } catch (IllegalArgumentException e) {
      throw TandemException.validation("Field 'layout' must be 'file' or 'directory', not '" + layout + "'.");
    }
  }


  private static OriginResponse response(UnitOrigin origin) {
    UnitOrigin.Conflict conflict = origin.conflict();
    return new OriginResponse(origin.url(), origin.ref(), origin.path(), origin.layout().name(), origin.syncedCommit(),
        origin.syncedAt(), origin.checkedAt(), origin.lastError(), conflict == null ? null
            : new OriginConflict(conflict.commit(), conflict.author(), conflict.subject(), conflict.headRevision(),
                conflict.paths().stream().map(path -> new ConflictPath(path.resource(), path.path(), path.upstream(),
                    path.downstream())).toList()),
        origin.credentials());
  }
}
