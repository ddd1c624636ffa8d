package io.tandem.space.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tandem.common.error.ProblemCode;
import io.tandem.common.error.TandemException;
import io.tandem.query.domain.Where;
import io.tandem.query.domain.WhereCatalog;
import io.tandem.query.persistence.WhereSql;
import org.junit.jupiter.api.Test;

/** Spaces are filtered by attributes of their own, over the space store's columns. */
class SpaceColumnsTest {

  @Test
  void spacesHaveTheirOwnAttributes() {
    assertThat(WhereSql.of(Where.parse("Slug LIKE 'prod-%' AND Labels.team = 'a'", WhereCatalog.SPACES),
        JpaSpaceStore.COLUMNS).sql())
        .isEqualTo("(s.slug like :w0 and s.labels @> jsonb_build_object(cast(:w1 as text), cast(:w2 as text)))");
    assertInvalid("HeadRevisionNum > 1", "unknown attribute 'HeadRevisionNum'");
    assertInvalid("Space.Labels.a = 'b'", "unknown attribute");
  }

  private static void assertInvalid(String where, String message) {
    assertThatThrownBy(() -> Where.parse(where, WhereCatalog.SPACES))
        .isInstanceOfSatisfying(TandemException.class, e -> {
          assertThat(e.code()).isEqualTo(ProblemCode.INVALID_WHERE);
          assertThat(e.getMessage()).contains(" at character 1:").contains(message);
        });
  }
}
