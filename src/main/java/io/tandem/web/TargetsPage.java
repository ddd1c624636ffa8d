package io.tandem.web;

import io.tandem.common.access.Access;
import io.tandem.common.paging.PageRequest;
import io.tandem.security.domain.Caller;
import io.tandem.targets.domain.TargetService;
import io.tandem.workers.domain.Workers;
import java.security.Principal;
import java.util.List;
import java.util.Map;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

/**
 * The registered clusters and their health, as the last check found it; for organisation admins also the workers
 * that reach some of them, with whether each is connected and its queue.
 */
@Controller
class TargetsPage {

  /** A worker as the page shows it. */
  record WorkerRow(Workers.View view, List<String> targets) {}

  private final TargetService targets;
  private final Workers workers;

  TargetsPage(TargetService targets, Workers workers) {
    this.targets = targets;
    this.workers = workers;
  }

  @Access(Access.Who.ANY_CALLER)
  @GetMapping("/ui/targets")
  String targets(Principal principal, Model model) {
    model.addAttribute("targets", targets.list(PageRequest.of(PageRequest.MAX_LIMIT, null)).items());
    if (principal instanceof Authentication authentication && authentication.getPrincipal() instanceof Caller me
        && me.orgAdmin()) {
      Map<String, List<String>> reached = targets.reachedThroughEachWorker();
      model.addAttribute("workers", workers.list().stream()
          .map(view -> new WorkerRow(view, reached.getOrDefault(view.worker().name(), List.of()))).toList());
    }
    return "ui/targets";
  }
}
