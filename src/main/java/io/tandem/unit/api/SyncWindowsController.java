package io.tandem.unit.api;

import io.tandem.common.error.TandemException;
import io.tandem.common.paging.ListResponse;
import io.tandem.space.domain.SyncWindow;
import io.tandem.space.domain.SyncWindows;
import io.tandem.unit.domain.SyncWindowGate;
import io.tandem.unit.domain.UnitQueries;
import java.util.ArrayList;
import java.util.List;
import org.springframework.web.bind.annotation.RestController;

@RestController
class SyncWindowsController implements SyncWindowsApi {

  private final SyncWindowGate windows;
  private final UnitQueries units;

  SyncWindowsController(SyncWindowGate windows, UnitQueries units) {
    this.windows = windows;
    this.units = units;
  }

  @Override
  public ListResponse<SyncWindowBody> listSyncWindows(String space) {
    return list(windows.windows(space));
  }

  @Override
  public ListResponse<SyncWindowBody> putSyncWindows(String space, SyncWindowsRequest request) {
    if (request == null || request.windows() == null) {
      throw TandemException.validation("Field 'windows' is required: a list of windows, [] for none.");
    }
    List<SyncWindow> parsed = new ArrayList<>();
    for (int i = 0; i < request.windows().size(); i++) {
      SyncWindowBody body = request.windows().get(i);
      String field = "windows[" + i + "]";
      if (body == null) {
        throw TandemException.validation("Field '" + field + "' is not a window.");
      }
      parsed.add(SyncWindow.of(field, body.name(), body.kind(), body.schedule(), body.duration(), body.timeZone(),
          body.where()));
    }
    return list(windows.put(space, parsed));
  }

  @Override
  public SyncWindowVerdict getUnitSyncWindow(String space, String unit) {
    SyncWindows.Verdict verdict = windows.verdict(units.get(space, unit));
    return new SyncWindowVerdict(verdict.open(), verdict.reason(), verdict.opensAt());
  }

  private static ListResponse<SyncWindowBody> list(List<SyncWindow> windows) {
    return new ListResponse<>(windows.stream().map(window -> new SyncWindowBody(window.name(), window.kind().name(),
        window.schedule(), io.tandem.health.domain.ApplyWait.describe(window.duration()), window.timeZone().getId(),
        window.where())).toList(), null);
  }
}
