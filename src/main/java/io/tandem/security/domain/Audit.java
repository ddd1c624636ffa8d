package io.tandem.security.domain;

import io.tandem.common.paging.ListResponse;
import io.tandem.common.paging.PageRequest;
import io.tandem.query.domain.Where;
import java.time.Instant;

/**
 * The audit log: every write through the API, with who, from where and how it ended. Only ever appended to: an entry
 * is never deleted, and only the status of one written with its change's commit is ever corrected. An entry may also
 * be written by another store's statement, the one that commits the change it records (see the persistence layer).
 */
public interface Audit {

  /**
   * One audited request.
   *
   * @param operation what was done: the route's operation ({@code applyUnit}), or a finer one its handler named
   *     ({@code RestoreRevision}, {@code SetDriftMode}); {@code null} for a request that reached no operation
   * @param detail its object and values in a few words ({@code revision 18}, {@code driftMode: Capture}), or {@code null}
   */
  record Entry(long id, Instant at, String subject, String method, String path, int status, String remoteAddr,
      String space, String operation, String detail) {}

  /** Appends the entry and returns its id. */
  long record(Entry entry);

  /** The status an entry written at commit was answered with, when the answer was not the one expected. */
  void correctStatus(long id, int status);

  /** Newest first; {@code where} over {@code WhereCatalog.AUDIT}. */
  ListResponse<Entry> list(PageRequest page, Where where);
}
