package io.tandem.targets.domain;

import io.tandem.replica.domain.LeasedWork;
import java.util.Collection;
import org.springframework.stereotype.Component;

/** Each target's watches and periodic refresh are one replica's work at a time: {@code target:<slug>}. */
@Component
class TargetLeases implements LeasedWork {

  private final TargetStore store;

  TargetLeases(TargetStore store) {
    this.store = store;
  }

  @Override
  public Collection<String> leaseNames() {
    return store.all().stream().map(stored -> LeasedWork.target(stored.target().slug())).toList();
  }
}
