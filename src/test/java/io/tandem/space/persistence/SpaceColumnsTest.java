package io.tandem.space.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import io.tandem.query.domain.Where;
import io.tandem.query.domain.WhereCatalog;
import io.tandem.query.persistence.WhereSql;
import org.junit.jupiter.api.Test;

/** Spaces are filtered by attributes of their own, over the space store's columns ({@code space s}). */
class SpaceColumnsTest {

  private static String sql(String where) {
    return WhereSql.of(Where.parse(where, WhereCatalog.SPACES), JpaSpaceStore.COLUMNS).sql();
  }

  @Test
  void spacesHaveTheirOwnAttributesAndLabels() {
    assertThat(sql("Slug LIKE 'prod-%' AND Labels.team = 'a'"))
        .isEqualTo("(s.slug like :w0 and s.labels @> jsonb_build_object(cast(:w1 as text), cast(:w2 as text)))");
    assertThat(sql("FourEyes = true AND DestroyGate != false AND ApplyMode IN ('OnDemand')"))
        .isEqualTo("(s.four_eyes = :w0 and s.destroy_gate <> :w1 and s.apply_mode in (:w2))");
    assertThat(sql("Labels.team != 'a'")).isEqualTo("(s.labels ->> :w0 <> :w1)");
  }
}
