package io.tandem.variant.api;

import io.tandem.common.bulk.BulkError;
import io.tandem.common.error.TandemException;
import io.tandem.common.web.Authors;
import io.tandem.common.yaml.UpgradeMerge;
import io.tandem.imports.api.ChartRequests;
import io.tandem.imports.domain.ChartUpgrades;
import io.tandem.variant.domain.VariantService;
import java.security.Principal;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RestController;

@RestController
class VariantController implements VariantsApi {

  private final VariantService variants;
  private final ChartUpgrades charts;

  VariantController(VariantService variants, ChartUpgrades charts) {
    this.variants = variants;
    this.charts = charts;
  }

  @Override
  public UpgradeResult upgradeUnit(String space, String unit, String strategy, ChartUpgrade body, Principal principal) {
    UpgradeMerge.Strategy chosen = UpgradeMerge.Strategy.parse(strategy);
    if (charts.madeFromChart(space, unit)) {
      ChartUpgrade change = body == null ? new ChartUpgrade(null, null, null) : body;
      ChartUpgrades.Upgraded upgraded = charts.upgrade(space, unit,
          new ChartUpgrades.Change(ChartRequests.source(change.chart()), change.version(), change.values()), chosen,
          Authors.of(principal));
      return new UpgradeResult(upgraded.unit().slug(), upgraded.unit().headRevisionNum(), null, null,
          upgraded.changesApplied(), conflicts(upgraded.conflicts()), ChartRequests.info(upgraded.from()),
          ChartRequests.info(upgraded.to()));
    }
    if (body != null && (body.chart() != null || body.version() != null || body.values() != null)) {
      throw TandemException.validation("Unit '" + unit + "' was not made from a Helm chart: 'chart', 'version' and"
          + " 'values' apply only to such units.");
    }
    return result(variants.upgrade(space, unit, chosen, Authors.of(principal)));
  }

  @Override
  public ResponseEntity<CloneResponse> cloneUnits(String space, CloneRequest request, Principal principal) {
    if (request.toSpaces() != null && request.toSpaces().contains(null)) {
      throw TandemException.validation("Field 'toSpaces' must not contain null.");
    }
    List<VariantService.Cloned> cloned = variants.cloneAll(space, request.where(), request.units(), request.toSpaces(), Authors.of(principal));
    List<CloneResult> results = cloned.stream()
        .map(clone -> new CloneResult(clone.space(), clone.unit(), clone.result() == null ? null : clone.result().headRevisionNum(),
            BulkError.of(clone.error())))
        .toList();
    boolean all = cloned.stream().allMatch(clone -> clone.error() == null);
    return ResponseEntity.status(all ? HttpStatus.OK : HttpStatus.MULTI_STATUS).body(new CloneResponse(results));
  }

  @Override
  public ResponseEntity<UpgradesResponse> upgradeUnits(String space, UpgradesRequest request, Principal principal) {
    List<UpgradesResult> results = variants.upgradeAll(space, request.where(), request.units(), UpgradeMerge.Strategy.parse(request.strategy()),
            Authors.of(principal)).stream()
        .map(outcome -> new UpgradesResult(outcome.unit(), outcome.result() == null ? null : result(outcome.result()),
            BulkError.of(outcome.error())))
        .toList();
    boolean all = results.stream().allMatch(result -> result.error() == null);
    return ResponseEntity.status(all ? HttpStatus.OK : HttpStatus.MULTI_STATUS).body(new UpgradesResponse(results));
  }

  private static UpgradeResult result(VariantService.Upgraded upgraded) {
    return new UpgradeResult(upgraded.unit().slug(), upgraded.unit().headRevisionNum(), upgraded.fromUpstreamRevision(),
        upgraded.toUpstreamRevision(), upgraded.changesApplied(), conflicts(upgraded.conflicts()), null, null);
  }

  private static List<ConflictResponse> conflicts(List<UpgradeMerge.Conflict> conflicts) {
    return conflicts.stream()
        .map(conflict -> new ConflictResponse(conflict.resource(), conflict.path(), conflict.upstream(), conflict.downstream()))
        .toList();
  }

}
