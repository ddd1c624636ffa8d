package io.tandem.security.persistence;

import io.tandem.common.tx.CarriedInsert;
import io.tandem.security.domain.Audit;
import io.tandem.security.web.AuditedRequest;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import org.springframework.stereotype.Component;
import org.springframework.transaction.TransactionExecution;
import org.springframework.transaction.TransactionExecutionListener;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Writes a write request's audit entry in the commit of its change: one commit per write, and the entry exists exactly
 * when the change does. The change's own statement carries the entry where its store can ({@link CarriedInsert}),
 * which saves a round trip per write: in a transaction, or as the statement that commits a change by itself (a write
 * of one statement outside any transaction). A request whose change rolls back (refused, or failed at commit) gets its
 * entry from {@code web.AuditFilter} afterwards, with the status it was answered with.
 */
@Component
class AuditInTransaction implements TransactionExecutionListener, CarriedInsert.Source {

  private final Audit audit;
  private final Clock clock;

  AuditInTransaction(Audit audit, Clock clock) {
    this.audit = audit;
    this.clock = clock;
  }

  @Override
  public void afterBegin(TransactionExecution transaction, Throwable beginFailure) {
    if (beginFailure != null || !transaction.isNewTransaction() || transaction.isReadOnly()
        || !TransactionSynchronizationManager.isSynchronizationActive()) {
      return;
    }
    AuditedRequest.current().filter(AuditedRequest::awaitsItsEntry).ifPresent(request ->
        TransactionSynchronizationManager.registerSynchronization(new EntryAtCommit(request)));
  }

  /** The entry for a statement outside any transaction: written when, and only when, that statement commits. */
  @Override
  public Optional<CarriedInsert> forOwnCommit() {
    return AuditedRequest.current().filter(AuditedRequest::awaitsItsEntry).map(CarriedEntry::new);
  }

  /** The request's entry as a change's statement carries it. */
  private class CarriedEntry implements CarriedInsert {

    final AuditedRequest request;

    CarriedEntry(AuditedRequest request) {
      this.request = request;
    }

    @Override
    public String sql(String condition) {
      return JdbcAudit.insertWhere(condition);
    }

    @Override
    public Map<String, Object> parameters() {
      return JdbcAudit.parameters(request.entry(clock.instant(), request.successStatus()));
    }

    @Override
    public void carried(long id) {
      request.written(id, request.successStatus());
    }
  }

  /** The request's entry in a transaction: carried by the change's statement when a store can, else written at commit. */
  private final class EntryAtCommit extends CarriedEntry implements CarriedInsert.InTransaction {

    private boolean taken;
    private boolean wroteIt;

    EntryAtCommit(AuditedRequest request) {
      super(request);
    }

    @Override
    public boolean claim() {
      if (taken || !request.awaitsItsEntry()) {
        return false;
      }
      taken = true;
      return true;
    }

    @Override
    public void carried(long id) {
      super.carried(id);
      wroteIt = true;
    }

    @Override
    public void beforeCommit(boolean readOnly) {
      if (readOnly || wroteIt || !request.awaitsItsEntry()) {
        return; // carried by the change's statement, or another transaction of the request committed first with it
      }
      int status = request.successStatus();
      request.written(audit.record(request.entry(clock.instant(), status)), status);
      wroteIt = true;
    }

    @Override
    public void afterCompletion(int status) {
      if (wroteIt && status != STATUS_COMMITTED) {
        request.lost();
      }
    }
  }
}
