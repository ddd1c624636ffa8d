package io.tandem.query.persistence;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tandem.query.domain.WhereCatalog;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WhereColumnsTest {

  @Test
  void columnsThatLeaveOutAnAttributeOrNameAnUnknownOneAreRefused() {
    Map<String, String> audit = Map.of("Subject", "a.subject", "Method", "a.method", "Path", "a.path",
        "Status", "a.status", "Space", "a.space", "Operation", "a.operation");

    assertThatThrownBy(() -> WhereColumns.of(WhereCatalog.AUDIT, audit, null, null))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("At");
    Map<String, String> more = new HashMap<>(audit);
    more.put("At", "a.at");
    more.put("Colour", "a.colour");
    assertThatThrownBy(() -> WhereColumns.of(WhereCatalog.AUDIT, more, null, null))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("Colour");
  }
}
