package io.tandem.imports.api;

import io.tandem.common.web.Authors;
import io.tandem.imports.domain.Backports;
import java.security.Principal;
import org.springframework.web.bind.annotation.RestController;

@RestController
class BackportsController implements BackportsApi {

  private final Backports backports;

  BackportsController(Backports backports) {
    this.backports = backports;
  }

  @Override
  public BackportProposal proposeBackport(String space, String unit, int num) {
    return proposal(backports.propose(space, unit, num));
  }

  @Override
  public BackportWritten writeBackport(String space, String unit, int num, BackportRequest request,
      Principal principal) {
    Backports.Written written = backports.write(space, unit, num, request == null ? null : request.branch(),
        Authors.of(principal));
    return new BackportWritten(written.branch(), written.commit(), proposal(written.proposal()));
  }

  private static BackportProposal proposal(Backports.Proposal proposal) {
    return new BackportProposal(proposal.revisionNum(), proposal.url(), proposal.ref(), proposal.baseCommit(),
        proposal.files().stream().map(file -> new BackportFile(file.path(), file.before(), file.after(), file.diff()))
            .toList(),
        proposal.changes().stream().map(change -> new BackportChange(change.resource(), change.path(),
            change.op().name(), change.to())).toList(),
        proposal.reproduces(), proposal.problem());
  }
}
