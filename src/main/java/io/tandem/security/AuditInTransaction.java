package io.tandem.security;

import java.time.Clock;
import org.springframework.stereotype.Component;
import org.springframework.transaction.TransactionExecution;
import org.springframework.transaction.TransactionExecutionListener;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Writes a write request's audit entry in the transaction that commits its change: one commit per write, and the
 * entry exists exactly when the change does. A request whose change rolls back (refused, or failed at commit) gets
 * its entry from {@link AuditFilter} afterwards, with the status it was answered with.
 */
@Component
class AuditInTransaction implements TransactionExecutionListener {

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

  private final class EntryAtCommit implements TransactionSynchronization {

    private final AuditedRequest request;
    private boolean wroteIt;

    EntryAtCommit(AuditedRequest request) {
      this.request = request;
    }

    @Override
    public void beforeCommit(boolean readOnly) {
      if (readOnly || !request.awaitsItsEntry()) {
        return; // another transaction of the request committed first and holds the entry
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
