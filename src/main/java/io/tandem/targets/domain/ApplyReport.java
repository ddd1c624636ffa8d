package io.tandem.targets.domain;

import io.tandem.common.yaml.ObjectKey;
import java.util.List;

/**
 * What an apply or destroy did: the objects applied (and deleted) in order, the fields taken from other field
 * managers, the objects left in place because another unit applied them, and the failure that stopped it, if any;
 * {@code notConnected} when that failure is that the cluster could not be connected to before anything changed.
 */
public record ApplyReport(List<String> applied, List<String> deleted, List<String> takenOver, List<ObjectKey> spared,
    String failedOn, String error, boolean notConnected) {

  public ApplyReport(List<String> applied, List<String> deleted, List<String> takenOver, List<ObjectKey> spared,
      String failedOn, String error) {
    this(applied, deleted, takenOver, spared, failedOn, error, false);
  }

  public boolean succeeded() {
    return error == null;
  }
}
