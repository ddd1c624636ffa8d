package io.tandem.targets.domain;

import io.tandem.common.yaml.ObjectKey;
import java.util.List;
import java.util.Map;

/**
 * What an apply or destroy did: the objects applied (and deleted) in order, the fields taken from other field
 * managers, the objects left in place because another unit applied them, and the failure that stopped it, if any;
 * {@code notConnected} when that failure is that the cluster could not be connected to before anything changed.
 *
 * @param stored after an apply that succeeded, each object of the data as the API server answered its apply (what it
 *     stored), in the order of the data; {@code null} when not known (a destroy, a failure, a worker that does not
 *     send them), and then read from the cluster by who needs them
 */
public record ApplyReport(List<String> applied, List<String> deleted, List<String> takenOver, List<ObjectKey> spared,
    String failedOn, String error, boolean notConnected, List<Map<String, Object>> stored) {

  public ApplyReport(List<String> applied, List<String> deleted, List<String> takenOver, List<ObjectKey> spared,
      String failedOn, String error, boolean notConnected) {
    this(applied, deleted, takenOver, spared, failedOn, error, notConnected, null);
  }

  public ApplyReport(List<String> applied, List<String> deleted, List<String> takenOver, List<ObjectKey> spared,
      String failedOn, String error) {
    this(applied, deleted, takenOver, spared, failedOn, error, false);
  }

  /** The same report, its objects to be read from the cluster by who needs them. */
  public ApplyReport withoutStored() {
    return new ApplyReport(applied, deleted, takenOver, spared, failedOn, error, notConnected, null);
  }

  public boolean succeeded() {
    return error == null;
  }
}
