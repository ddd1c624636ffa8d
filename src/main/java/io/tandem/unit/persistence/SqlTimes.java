package io.tandem.unit.persistence;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** Timestamps to and from {@code timestamptz} columns, always in UTC. */
final class SqlTimes {

  private SqlTimes() {}

  /** Null for a null column. */
  static Instant instant(ResultSet rs, String column) throws SQLException {
    OffsetDateTime time = rs.getObject(column, OffsetDateTime.class);
    return time == null ? null : time.toInstant();
  }

  static OffsetDateTime timestamp(Instant instant) {
    return instant.atOffset(ZoneOffset.UTC);
  }
}
