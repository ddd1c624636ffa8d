package io.tandem.security.persistence;

import io.tandem.common.paging.ListResponse;
import io.tandem.common.paging.PageRequest;
import io.tandem.query.domain.Where;
import io.tandem.query.domain.WhereCatalog;
import io.tandem.query.persistence.WhereColumns;
import io.tandem.query.persistence.WhereSql;
import io.tandem.security.domain.Audit;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The table {@code audit_event}; its insert is also carried by other stores' statements ({@link AuditInTransaction}). */
@Repository
class JdbcAudit implements Audit {

  /** What the attributes entries are filtered by stand for, in queries over {@code audit_event a}. */
  private static final WhereColumns COLUMNS = WhereColumns.of(WhereCatalog.AUDIT, Map.of(
      "Subject", "a.subject",
      "Method", "a.method",
      "Path", "a.path",
      "Status", "a.status",
      "Space", "a.space",
      "Operation", "a.operation",
      "At", "a.at"), null, null);

  private final JdbcClient jdbc;

  JdbcAudit(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /**
   * The insert of an entry, returning its id, over {@link #parameters}; its parameters are named for {@link
   * io.tandem.common.tx.CarriedInsert}, which may carry it in a change's own statement.
   */
  private static final String INTO = "insert into audit_event (at, subject, method, path, status, remote_addr, space,"
      + " operation, detail)";
  private static final String VALUES = ":carriedAt, :carriedSubject, :carriedMethod, :carriedPath, :carriedStatus,"
      + " :carriedRemote, :carriedSpace, :carriedOperation, :carriedDetail";
  static final String INSERT = INTO + " values (" + VALUES + ") returning id";

  /** As {@link #INSERT}, writing the entry only where {@code condition} holds. */
  static String insertWhere(String condition) {
    return INTO + " select " + VALUES + " where " + condition + " returning id";
  }

  static Map<String, Object> parameters(Entry entry) {
    Map<String, Object> parameters = new HashMap<>();
    parameters.put("carriedAt", OffsetDateTime.ofInstant(entry.at(), ZoneOffset.UTC));
    parameters.put("carriedSubject", entry.subject());
    parameters.put("carriedMethod", entry.method());
    parameters.put("carriedPath", entry.path());
    parameters.put("carriedStatus", entry.status());
    parameters.put("carriedRemote", entry.remoteAddr());
    parameters.put("carriedSpace", entry.space());
    parameters.put("carriedOperation", entry.operation());
    parameters.put("carriedDetail", entry.detail());
    return parameters;
  }

  @Override
  public long record(Entry entry) {
    return jdbc.sql(INSERT).params(parameters(entry)).query(Long.class).single();
  }

  @Override
  public void correctStatus(long id, int status) {
    jdbc.sql("update audit_event set status = :status where id = :id").param("status", status).param("id", id).update();
  }

  @Override
  public ListResponse<Entry> list(PageRequest page, Where filter) {
    WhereSql where = WhereSql.of(filter, COLUMNS);
    List<Entry> entries = jdbc.sql("select id, at, subject, method, path, status, remote_addr, space, operation, detail"
            + " from audit_event a"
            + " where (cast(:after as bigint) is null or a.id < cast(:after as bigint)) and " + where.sql()
            + " order by a.id desc limit :limit")
        .params(where.parameters())
        .param("after", page.after() == null ? null : Long.valueOf(page.after()))
        .param("limit", page.limit() + 1)
        .query((rs, row) -> new Entry(rs.getLong(1), rs.getObject(2, OffsetDateTime.class).toInstant(), rs.getString(3),
            rs.getString(4), rs.getString(5), rs.getInt(6), rs.getString(7), rs.getString(8), rs.getString(9),
            rs.getString(10)))
        .list();
    return page.page(entries, entry -> Long.toString(entry.id()));
  }
}
